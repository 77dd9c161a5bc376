#include "common/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>

namespace akg {

namespace {

// The process groups of the calls in progress (one per thread that runs one), for
// KillRunningProcesses: lock-free, so a signal handler may read them.
constexpr int kRunningSlots = 64;
std::atomic<pid_t> g_running[kRunningSlots];

struct RunningSlot {
    explicit RunningSlot(pid_t pid) {
        for (int i = 0; i < kRunningSlots && !slot; ++i) {
            pid_t none = 0;
            if (g_running[i].compare_exchange_strong(none, pid)) slot = &g_running[i];
        }
    }
    ~RunningSlot() {
        if (slot) slot->store(0);
    }
    std::atomic<pid_t>* slot = nullptr;
};

}  // namespace

void KillRunningProcesses() {
    for (auto& group : g_running)
        if (const pid_t pid = group.load(); pid > 0) kill(-pid, SIGKILL);
}

ProcessResult RunProcess(const std::vector<std::string>& argv, double timeoutSeconds, const std::string& cwd) {
    ProcessResult r;
    auto start = std::chrono::steady_clock::now();
    int pipefd[2];
    if (pipe2(pipefd, O_CLOEXEC) != 0) return r;
    pid_t pid = fork();
    if (pid < 0) {
        close(pipefd[0]);
        close(pipefd[1]);
        return r;
    }
    if (pid == 0) {
        setpgid(0, 0);
        // A harness process killed mid-compile takes its compiler with it.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(pipefd[1], 1);
        dup2(pipefd[1], 2);
        if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(127);
        std::vector<char*> args;
        for (auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execvp(args[0], args.data());
        _exit(127);
    }
    setpgid(pid, pid);
    const RunningSlot running(pid);
    close(pipefd[1]);
    char buf[65536];
    for (;;) {
        int waitMs = -1;
        if (timeoutSeconds > 0) {
            double left = timeoutSeconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (left <= 0) {
                r.timedOut = true;
                kill(-pid, SIGKILL);
                break;
            }
            waitMs = int(left * 1000) + 1;
        }
        pollfd pfd{pipefd[0], POLLIN, 0};
        int n = poll(&pfd, 1, waitMs);
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) continue;
        ssize_t got = read(pipefd[0], buf, sizeof buf);
        if (got <= 0) break;
        r.output.append(buf, size_t(got));
    }
    close(pipefd[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) r.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

std::string ShellQuote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace akg
