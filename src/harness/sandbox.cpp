#include "harness/sandbox.h"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <exception>
#include <new>

#include "akg/launch/launch.h"

namespace akg::harness {

namespace {

// First byte of what the child writes to its report pipe.
constexpr char kReported = 'R', kViolation = 'V', kOutOfMemory = 'M', kFault = 'F', kUncaught = 'U';
int g_reportFd = -1;

void WriteAll(int fd, const char* p, size_t n) {
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w <= 0) return;
        p += w;
        n -= size_t(w);
    }
}

// SIGSYS from the seccomp filter: name the system call and stop (async-signal-safe).
void OnTrappedSyscall(int, siginfo_t* info, void*) {
    char buf[32];
    int n = 0;
    buf[n++] = kViolation;
    char digits[16];
    int d = 0;
    unsigned v = unsigned(info->si_syscall);
    do digits[d++] = char('0' + v % 10); while ((v /= 10) && d < 15);
    while (d) buf[n++] = digits[--d];
    WriteAll(g_reportFd, buf, size_t(n));
    _exit(97);
}

// Allows everything except the calls below; kill/tkill/tgkill only towards this process
// (abort() and raise() use them), clone only for threads.
bool InstallSeccomp() {
    const uint32_t self = uint32_t(getpid());
    const uint32_t trapped[] = {SYS_fork, SYS_vfork, SYS_execve, SYS_execveat, SYS_socket, SYS_socketpair,
                                SYS_connect, SYS_accept, SYS_accept4, SYS_bind, SYS_listen, SYS_ptrace,
                                SYS_process_vm_readv, SYS_process_vm_writev, SYS_mount, SYS_umount2, SYS_unshare,
                                SYS_setns, SYS_chroot, SYS_pivot_root, SYS_setpgid, SYS_setsid, SYS_prctl,
                                SYS_seccomp, SYS_bpf, SYS_perf_event_open, SYS_kexec_load, SYS_init_module,
                                SYS_finit_module, SYS_reboot};
    std::vector<sock_filter> f;
    auto stmt = [&](uint16_t code, uint32_t k) { f.push_back(BPF_STMT(code, k)); };
    auto jump = [&](uint16_t code, uint32_t k, uint8_t jt, uint8_t jf) { f.push_back(BPF_JUMP(code, k, jt, jf)); };
    stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch));
    jump(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr));
    // x32 system calls (bit 30) are another way in.
    jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
    for (uint32_t nr : trapped) {
        jump(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1);
        stmt(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
    }
    // clone3 cannot be filtered by flags: make libc fall back to clone.
    jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
    // clone: threads only.
    jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4);
    stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0]));
    jump(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 1, 0);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    // kill, tkill, tgkill: first argument must be this process.
    for (uint32_t nr : {uint32_t(SYS_kill), uint32_t(SYS_tkill), uint32_t(SYS_tgkill)}) {
        jump(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 4);
        stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0]));
        jump(BPF_JMP | BPF_JEQ | BPF_K, self, 1, 0);
        stmt(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
        stmt(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    }
    stmt(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    sock_fprog prog{static_cast<unsigned short>(f.size()), f.data()};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) return false;
    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0;
}

// Allocation failures on a simulated core's own stack escape every handler; they end here.
[[noreturn]] void OnTerminate() {
    try {
        if (auto e = std::current_exception()) std::rethrow_exception(e);
    } catch (const std::bad_alloc&) {
        const char m = kOutOfMemory;
        WriteAll(g_reportFd, &m, 1);
        _exit(0);
    } catch (const std::exception& e) {
        const std::string m = kUncaught + std::string(e.what()) + '\0';  // abort()'s frames follow
        WriteAll(g_reportFd, m.data(), m.size());
    } catch (...) {
        const std::type_info* type = abi::__cxa_current_exception_type();
        int status = 0;
        char* name = type ? abi::__cxa_demangle(type->name(), nullptr, nullptr, &status) : nullptr;
        const std::string m = kUncaught + std::string("of type ") + (name ? name : type ? type->name() : "unknown") + '\0';
        WriteAll(g_reportFd, m.data(), m.size());
    }
    abort();
}

// SIGSEGV, SIGFPE, ...: the faulting instruction and its callers as "object\toffset" lines, for
// the parent to turn into file:line; then the default action, so the status still names the
// signal. dladdr is not async-signal-safe, but the process is lost anyway and runs nothing else.
void OnFault(int sig, siginfo_t*, void* context) {
    void* frames[24];
    const int n = backtrace(frames, 24);
    const auto pc = reinterpret_cast<void*>(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
    int first = 0;  // frames below the faulting one belong to this handler
    while (first < n && frames[first] != pc) ++first;
    if (first == n) first = 0;  // abort(): the signal was raised in a call, every frame counts
    char line[4200];
    WriteAll(g_reportFd, &kFault, 1);
    auto emit = [&](void* address, bool returnAddress) {
        Dl_info info{};
        if (!dladdr(address, &info) || !info.dli_fname) return;
        const uintptr_t offset = reinterpret_cast<uintptr_t>(address) - reinterpret_cast<uintptr_t>(info.dli_fbase) -
                                 (returnAddress ? 1 : 0);
        int len = snprintf(line, sizeof line, "%s\t%lx\n", info.dli_fname, static_cast<unsigned long>(offset));
        if (len > 0) WriteAll(g_reportFd, line, size_t(std::min<int>(len, sizeof line - 1)));
    };
    emit(pc, false);
    for (int k = first + 1; k < n; ++k) emit(frames[k], true);
    signal(sig, SIG_DFL);
    raise(sig);
}

void InstallFaultHandlers() {
    static char altStack[1 << 16];  // a stack overflow must still reach the handler
    stack_t ss{};
    ss.ss_sp = altStack;
    ss.ss_size = sizeof altStack;
    sigaltstack(&ss, nullptr);
    void* warm[1];
    backtrace(warm, 1);  // loads the unwinder now, not inside the handler
    struct sigaction sa {};
    sa.sa_sigaction = OnFault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(sig, &sa, nullptr);
}

// Where a crash happened, from the frames OnFault reported: the faulting line, and the first
// line of the candidate's own code when the fault is inside a library of ours or the system's.
std::string FaultLocation(const std::string& frames) {
    std::vector<sim::Diagnostic> sites;
    size_t at = 0;
    while (at < frames.size() && sites.size() < 24) {
        size_t end = frames.find('\n', at);
        if (end == std::string::npos) break;
        const std::string l = frames.substr(at, end - at);
        at = end + 1;
        const size_t tab = l.find('\t');
        if (tab == std::string::npos) continue;
        sim::Diagnostic d;
        d.site = {l.substr(0, tab), std::stoull(l.substr(tab + 1), nullptr, 16)};
        sites.push_back(d);
    }
    sim::ResolveLocations(sites);
    Dl_info self{};
    dladdr(reinterpret_cast<void*>(&FaultLocation), &self);
    auto ours = [&](const std::string& object) {
        const std::string name = std::filesystem::path(object).filename().string();
        return name.rfind("libakg_", 0) == 0 || object.rfind("/lib/", 0) == 0 || object.rfind("/usr/", 0) == 0 ||
               (self.dli_fname && object == self.dli_fname);
    };
    std::string innermost, candidate;
    for (const sim::Diagnostic& d : sites) {
        if (d.location.empty()) continue;
        if (innermost.empty()) innermost = d.location;
        if (!ours(d.site.object)) {
            candidate = d.location;
            break;
        }
    }
    if (innermost.empty()) return "";
    return " at " + innermost + (candidate.empty() || candidate == innermost ? "" : ", called from " + candidate);
}

void SetLimit(int resource, rlim_t soft, rlim_t hard) {
    rlimit r{soft, hard};
    setrlimit(resource, &r);
}

}  // namespace

const char* SandboxOutcomeName(SandboxOutcome o) {
    switch (o) {
        case SandboxOutcome::Finished: return "finished";
        case SandboxOutcome::Timeout: return "timeout";
        case SandboxOutcome::MemoryLimit: return "memory_limit";
        case SandboxOutcome::Violation: return "sandbox_violation";
        case SandboxOutcome::Crash: return "crash";
    }
    return "?";
}

IsolationReport Isolate(const std::vector<std::string>& hiddenDirs) {
    IsolationReport r;
    int flags = CLONE_NEWNS | CLONE_NEWNET;
    if (unshare(flags) != 0) {
        // Without privileges, a user namespace grants them inside it.
        const uid_t uid = getuid();
        const gid_t gid = getgid();
        if (unshare(flags | CLONE_NEWUSER) != 0) {
            r.error = std::string("namespaces unavailable: ") + strerror(errno);
            return r;
        }
        auto writeFile = [](const char* path, const std::string& text) {
            int fd = open(path, O_WRONLY);
            if (fd >= 0) WriteAll(fd, text.data(), text.size()), close(fd);
        };
        writeFile("/proc/self/setgroups", "deny");
        writeFile("/proc/self/uid_map", std::to_string(uid) + " " + std::to_string(uid) + " 1");
        writeFile("/proc/self/gid_map", std::to_string(gid) + " " + std::to_string(gid) + " 1");
    }
    r.network = true;
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
        r.error = std::string("cannot make mounts private: ") + strerror(errno);
        return r;
    }
    // Without a PID namespace, /proc/<pid>/root of any process of the run leads back to the
    // unhidden file system: /proc goes too.
    std::vector<std::string> hide = hiddenDirs;
    hide.push_back("/proc");
    for (auto& d : hide) {
        std::error_code ec;
        if (!std::filesystem::is_directory(d, ec)) continue;
        if (mount("tmpfs", d.c_str(), "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k") != 0) {
            r.error = "cannot hide " + d + ": " + strerror(errno);
            return r;
        }
    }
    r.mounts = true;
    return r;
}

SandboxResult RunSandboxed(const SandboxLimits& limits, const std::function<std::string()>& body) {
    SandboxResult result;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        result.detail = std::string("pipe: ") + strerror(errno);
        return result;
    }
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        result.detail = std::string("fork: ") + strerror(errno);
        return result;
    }
    if (pid == 0) {
        close(fds[0]);
        g_reportFd = fds[1];
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (limits.cpuSeconds > 0) SetLimit(RLIMIT_CPU, rlim_t(limits.cpuSeconds), rlim_t(limits.cpuSeconds) + 1);
        if (limits.addressSpaceBytes) SetLimit(RLIMIT_AS, limits.addressSpaceBytes, limits.addressSpaceBytes);
        SetLimit(RLIMIT_CORE, 0, 0);
        std::set_terminate(OnTerminate);
        clearenv();  // nothing of the harness's configuration (cache paths) for the candidate
        struct sigaction sa {};
        sa.sa_sigaction = OnTrappedSyscall;
        sa.sa_flags = SA_SIGINFO;
        sigaction(SIGSYS, &sa, nullptr);
        InstallFaultHandlers();
        InstallSeccomp();
        std::string report;
        try {
            report = kReported + body();
        } catch (const std::bad_alloc&) {
            report = std::string(1, kOutOfMemory);
        }
        WriteAll(fds[1], report.data(), report.size());
        _exit(0);
    }
    close(fds[1]);
    std::string received;
    bool timedOut = false;
    for (;;) {
        double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        double left = limits.wallSeconds > 0 ? limits.wallSeconds - elapsed : 1e9;
        if (left <= 0) {
            timedOut = true;
            kill(pid, SIGKILL);
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        int n = poll(&p, 1, int(std::min(left, 1.0) * 1000) + 1);
        if (n < 0 && errno != EINTR) break;
        if (n > 0) {
            char buf[65536];
            ssize_t r = read(fds[0], buf, sizeof buf);
            if (r <= 0) break;
            received.append(buf, size_t(r));
        }
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (timedOut) {
        result.outcome = SandboxOutcome::Timeout;
        result.detail = "wall-clock limit of " + std::to_string(int(limits.wallSeconds)) + " s";
    } else if (!received.empty() && received[0] == kViolation) {
        result.outcome = SandboxOutcome::Violation;
        result.detail = "forbidden system call " + received.substr(1);
    } else if (!received.empty() && received[0] == kOutOfMemory) {
        result.outcome = SandboxOutcome::MemoryLimit;
        result.detail = "allocation failed under the address-space limit";
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU) {
        result.outcome = SandboxOutcome::Timeout;
        result.detail = "CPU-time limit of " + std::to_string(int(limits.cpuSeconds)) + " s";
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS) {
        result.outcome = SandboxOutcome::Violation;
        result.detail = "forbidden system call";
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !received.empty() && received[0] == kReported) {
        result.outcome = SandboxOutcome::Finished;
        result.report = received.substr(1);
    } else {
        result.outcome = SandboxOutcome::Crash;
        result.detail = WIFSIGNALED(status) ? std::string("killed by signal ") + strsignal(WTERMSIG(status))
                                            : "exited with status " + std::to_string(WEXITSTATUS(status)) +
                                                  " without reporting";
        std::string frames = received;
        if (!received.empty() && received[0] == kUncaught) {
            const size_t end = std::min(received.find('\0'), received.size());
            result.detail += " (uncaught exception: " + received.substr(1, std::min<size_t>(end - 1, 300)) + ")";
            frames = end < received.size() ? received.substr(end + 1) : "";
        }
        if (!frames.empty() && frames[0] == kFault) result.detail += FaultLocation(frames.substr(1));
    }
    return result;
}

bool SeccompAvailable() {
    static const bool available = [] {
        SandboxLimits l;
        l.wallSeconds = 10;
        // The filter is in force when a fork is trapped.
        return RunSandboxed(l, [] {
                   if (fork() == 0) _exit(0);
                   return std::string("fork was allowed");
               }).outcome == SandboxOutcome::Violation;
    }();
    return available;
}

}  // namespace akg::harness
