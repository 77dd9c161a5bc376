// Per-core system state visible to kernels: block index and count, mask register, tiling key,
// workspace, device-side printing.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "basic_api/kernel_operator_common_intf.h"
#include "basic_api/kernel_operator_dump_tensor_intf.h"
#include "basic_api/kernel_operator_sys_var_intf.h"
#include "basic_api/kernel_operator_tiling_intf.h"
#include "basic_api/kernel_operator_vec_mask_intf.h"
#include "basic_api/kernel_operator_workspace_intf.h"
#include "utils/debug/asc_assert.h"
#include "sim/runtime.h"

namespace akg::sim {

int64_t BlockIdx() { return Cur().block; }
int64_t BlockNum() { return Rt().launch.blockDim; }
uint64_t TilingKey() { return Rt().launch.tilingKey; }
uint8_t* WorkspaceBase() { return Rt().launch.workspace; }

void HintGmCache(const void* gm, uint64_t bytes, bool bypassL2) {
    if (!RtIfLaunched() || !Rt().cur || bytes == 0) return;
    auto& ranges = Cur().l2Bypass;
    const std::pair<uintptr_t, uintptr_t> range{reinterpret_cast<uintptr_t>(gm), reinterpret_cast<uintptr_t>(gm) + bytes};
    std::erase(ranges, range);
    if (bypassL2) ranges.push_back(range);
}

// Only the AIVs of a MIX_AIC_1_2 launch share their AI core with a second core of their type;
// GetTaskRatio has the same values (AIVs or AICs per logical block).
int64_t SubBlockNum() { return Rt().kernelType == KERNEL_TYPE_MIX_AIC_1_2 && Cur().type == AIV ? 2 : 1; }
int64_t SubBlockIdx() { return Cur().sub; }
int64_t SystemCycle() { return int64_t(Cur().issued); }

void MaskSet(uint64_t high, uint64_t low, uint32_t elemBits, bool counter) {
    (void)elemBits;
    Core& c = Cur();
    if (counter) {
        c.maskLo = low;  // counter mode: the low 64 bits hold the element count
        c.maskHi = 0;
    } else {
        c.maskLo = low;
        c.maskHi = high;
    }
    c.maskKind = Core::MaskKind::Raw;
}

// SetVectorMask's (maskHigh, maskLow) form writes the register as given: SetVectorMask.md lists it for Normal
// mode's bit masks and for Counter mode, where maskHigh is 0 and maskLow the element count. So
// SetMaskCount(); SetVectorMask<T>(0, n) (the mode argument left NORMAL, as the official reduce
// sample writes it) counts n elements on the device, and (0, bits) is valid in either mode.
void MaskSetApi(uint64_t high, uint64_t low, uint32_t elemBits, bool counter) {
    MaskSet(high, low, elemBits, counter);
    Cur().maskKind = counter ? Core::MaskKind::Counter : Core::MaskKind::Normal;
}

void MaskSetPair(uint64_t high, uint64_t low, uint32_t elemBits, bool counter) {
    MaskSet(high, low, elemBits, counter);
    Cur().maskKind = counter ? Core::MaskKind::Counter : high == 0 ? Core::MaskKind::Raw : Core::MaskKind::Normal;
}

void MaskSetLen(int32_t len, uint32_t elemBits, bool counter) {
    Core& c = Cur();
    c.maskKind = counter ? Core::MaskKind::Counter : Core::MaskKind::Normal;
    if (counter) {
        c.maskLo = uint64_t(len < 0 ? 0 : len);
        c.maskHi = 0;
        return;
    }
    uint32_t lanes = 2048 / elemBits;  // 256 bytes of elements
    uint64_t n = std::min<uint64_t>(uint64_t(len < 0 ? 0 : len), lanes);
    c.maskLo = n >= 64 ? ~0ull : ((1ull << n) - 1);
    c.maskHi = n > 64 ? (n >= 128 ? ~0ull : ((1ull << (n - 64)) - 1)) : 0;
}

void MaskMode(bool counter) { Cur().counterMode = counter; }

void SocStateInit() {
    Core& c = Cur();
    c.atomic = AtomicOp::None;
    c.counterMode = false;
    c.deqScale = 1.0f;
    MaskReset();
}

void MaskReset() {
    Core& c = Cur();
    c.maskLo = ~0ull;
    c.maskHi = ~0ull;
    c.maskKind = Core::MaskKind::Normal;
}

void MaskRequireCounter(const char* api, const void* caller) {
    if (!Cur().counterMode)
        Diag("VEC_MASK_MODE", caller,
             Format("%s<T, false> in its count form takes the element count from the mask register, which needs "
                    "Counter mode: call SetMaskCount() and SetVectorMask<T, MaskMode::COUNTER>(n) first",
                    api));
}

void CopyTilingData(void* dst, const uint8_t* tiling, uint32_t bytes) {
    Instr in(InstrId::GetTilingData, __builtin_return_address(0));
    in.Read(Mem::GM, tiling, bytes);
    if (!Issue(in)) return;
    std::memcpy(dst, tiling, bytes);
}

uint8_t* UserWorkspace(uint8_t* workspace) {
    return workspace ? workspace + Rt().platform.sysWorkspaceSize : nullptr;
}
void SetSystemWorkspace(uint8_t* workspace) { Rt().sysWorkspace = workspace; }
uint8_t* SystemWorkspace() { return Rt().sysWorkspace ? Rt().sysWorkspace : Rt().launch.workspace; }

void DevicePrintf(const char* fmt, ...) {
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    Runtime& rt = Rt();
    rt.deviceLog += Format("[core %d] ", rt.cur ? rt.cur->idx : -1);
    rt.deviceLog += buf;
    if (rt.deviceLog.empty() || rt.deviceLog.back() != '\n') rt.deviceLog += '\n';
}

void KernelAssertFailed(const char* text) {
    const void* caller = AKG_CALLER;
    if (!RtIfLaunched() || !RtIfLaunched()->cur) {  // host code: the C library's assert
        std::fprintf(stderr, "%s\n", text);
        std::abort();
    }
    DevicePrintf("%s", text);
    Fatal("KERNEL_ASSERT", caller, text);
    std::abort();  // Fatal does not return
}

double ElementAsDouble(const uint8_t* p, DType t) {
    switch (t) {
        case DType::F16: { half v; std::memcpy(&v, p, 2); return double(v); }
        case DType::BF16: { bfloat16_t v; std::memcpy(&v, p, 2); return double(float(v)); }
        case DType::F32: { float v; std::memcpy(&v, p, 4); return v; }
        case DType::F64: { double v; std::memcpy(&v, p, 8); return v; }
        case DType::I8: return double(int8_t(*p));
        case DType::U8:
        case DType::B8: return double(*p);
        case DType::I16: { int16_t v; std::memcpy(&v, p, 2); return v; }
        case DType::U16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
        case DType::I32: { int32_t v; std::memcpy(&v, p, 4); return v; }
        case DType::U32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
        case DType::I64: { int64_t v; std::memcpy(&v, p, 8); return double(v); }
        default: { uint64_t v; std::memcpy(&v, p, 8); return double(v); }
    }
}

void DeviceDump(const void* data, DType dtype, uint32_t elements, uint32_t desc, Mem mem, const void* caller) {
    Instr in(InstrId::DumpTensor, caller);
    in.Read(mem, data, uint64_t(elements) * DTypeSize(dtype));
    if (!Issue(in)) return;
    Runtime& rt = Rt();
    std::string line = Format("[core %d] DumpTensor desc=%u size=%u:", rt.cur ? rt.cur->idx : -1, desc, elements);
    auto* p = static_cast<const uint8_t*>(data);
    for (uint32_t i = 0; i < elements; ++i) line += Format(" %g", ElementAsDouble(p + i * DTypeSize(dtype), dtype));
    rt.deviceLog += line + "\n";
}

}  // namespace akg::sim
