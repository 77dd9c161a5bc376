// Integer division by zero in kernel code. The AI core's scalar unit does not trap on it: CATLASS
// kernels, which run on boards, compute `x % 0` for a next block that does not exist and never
// use the result. x86 raises #DE (SIGFPE) instead, so while a core runs, a faulting DIV/IDIV is
// completed here and execution continues after it. The results are those RISC-V defines
// (quotient all ones, remainder the dividend; the signed overflow INT_MIN / -1 gives INT_MIN and
// 0); a kernel that uses them computes garbage and fails its comparison, as it would on a board.
#include <signal.h>
#include <ucontext.h>

#include <cstdint>

#include "sim/runtime.h"

namespace akg::sim {

namespace {

struct sigaction g_previous {};

// Length and operand width (bytes) of the DIV/IDIV at `code`, or 0 if it is not one.
int DecodeDivision(const uint8_t* code, int* width, bool* isSigned) {
    int n = 0;
    bool operand16 = false, rexW = false;
    for (;; ++n) {  // legacy prefixes
        const uint8_t b = code[n];
        if (b == 0x66) operand16 = true;
        else if (!(b == 0x67 || b == 0x2E || b == 0x36 || b == 0x3E || b == 0x26 || b == 0x64 || b == 0x65 ||
                   b == 0xF0 || b == 0xF2 || b == 0xF3))
            break;
    }
    if ((code[n] & 0xF0) == 0x40) rexW = (code[n++] & 0x08) != 0;
    const uint8_t opcode = code[n++];
    if (opcode != 0xF6 && opcode != 0xF7) return 0;
    const uint8_t modrm = code[n++];
    const int mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
    if (reg != 6 && reg != 7) return 0;
    *isSigned = reg == 7;
    *width = opcode == 0xF6 ? 1 : rexW ? 8 : operand16 ? 2 : 4;
    if (mod != 3) {
        if (rm == 4) {  // SIB
            const uint8_t sib = code[n++];
            if (mod == 0 && (sib & 7) == 5) n += 4;
        } else if (mod == 0 && rm == 5) {
            n += 4;  // RIP-relative
        }
        n += mod == 1 ? 1 : mod == 2 ? 4 : 0;
    }
    return n;
}

void OnDivisionFault(int sig, siginfo_t* info, void* context) {
    auto* uc = static_cast<ucontext_t*>(context);
    greg_t* regs = uc->uc_mcontext.gregs;
    int width = 0;
    bool isSigned = false;
    const int length = info->si_code == FPE_INTDIV && RtIfLaunched() && RtIfLaunched()->cur
                           ? DecodeDivision(reinterpret_cast<const uint8_t*>(regs[REG_RIP]), &width, &isSigned)
                           : 0;
    if (length == 0) {  // not kernel code: the fault stands
        sigaction(sig, &g_previous, nullptr);
        return;  // re-executes the instruction, which now faults under the previous action
    }
    const uint64_t bits = width * 8;
    const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    const uint64_t dividendLow = width == 1 ? uint64_t(regs[REG_RAX]) & 0xFFFF : uint64_t(regs[REG_RAX]) & mask;
    const uint64_t signBit = 1ull << (bits - 1);
    // Signed overflow is the only other #DE the compilers' code raises (they zero or sign-extend
    // the high half): its dividend is INT_MIN of the width.
    const bool overflow = isSigned && (dividendLow & mask) == signBit;
    const uint64_t quotient = overflow ? signBit : mask;
    const uint64_t remainder = overflow ? 0 : dividendLow & mask;
    auto put = [&](int r, uint64_t v) {
        if (width == 4) regs[r] = greg_t(v & mask);  // 32-bit results zero the upper half
        else regs[r] = greg_t((uint64_t(regs[r]) & ~mask) | (v & mask));
    };
    if (width == 1) {
        regs[REG_RAX] = greg_t((uint64_t(regs[REG_RAX]) & ~0xFFFFull) | (quotient & 0xFF) | ((remainder & 0xFF) << 8));
    } else {
        put(REG_RAX, quotient);
        put(REG_RDX, remainder);
    }
    regs[REG_RIP] += length;
}

}  // namespace

ScalarDivisionGuard::ScalarDivisionGuard() {
    struct sigaction sa {};
    sa.sa_sigaction = OnDivisionFault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGFPE, &sa, &g_previous);
}

ScalarDivisionGuard::~ScalarDivisionGuard() { sigaction(SIGFPE, &g_previous, nullptr); }

}  // namespace akg::sim
