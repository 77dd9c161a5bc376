#include "harness/python_worker.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>


namespace akg::harness {

namespace {

constexpr size_t kStderrTail = 4096;

void CloseFd(int& fd) {
    if (fd >= 0) close(fd);
    fd = -1;
}

}  // namespace

std::string PythonInterpreter(const std::string& configured) {
    if (!configured.empty()) return configured;
    if (const char* env = std::getenv("AKGEN_PYTHON")) return env;
    return "/usr/bin/python3";
}

std::string TaskScript() { return std::string(AKG_SOURCE_DIR) + "/src/harness/python/akgen_task.py"; }
std::string GoldenScript() { return std::string(AKG_SOURCE_DIR) + "/src/harness/python/akgen_golden.py"; }

PythonWorker::~PythonWorker() { Stop(); }

void PythonWorker::Stop() {
    CloseFd(toChild_);
    CloseFd(fromChild_);
    CloseFd(errChild_);
    if (pid_ > 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    pid_ = -1;
    pending_.clear();
}

bool PythonWorker::Start(std::string* error) {
    int in[2], out[2], err[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) {
        *error = std::string("pipe: ") + strerror(errno);
        return false;
    }
    const std::string script = TaskScript();
    pid_ = fork();
    if (pid_ < 0) {
        *error = std::string("fork: ") + strerror(errno);
        return false;
    }
    if (pid_ == 0) {
        // Out of the caller's process group (a terminal's SIGINT is for the harness, which then
        // stops its workers) and never outliving the thread that started it.
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(err[1], 2);
        if (server_) {
            server_();
            _exit(0);
        }
        execl(interpreter_.c_str(), interpreter_.c_str(), script.c_str(), "serve", static_cast<char*>(nullptr));
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    toChild_ = in[1];
    fromChild_ = out[0];
    errChild_ = err[0];
    stderr_.clear();
    return true;
}

bool PythonWorker::Alive() {
    if (pid_ < 0) return false;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_ || kill(pid_, 0) != 0) {
        pid_ = -1;
        Stop();
        return false;
    }
    return true;
}

bool PythonWorker::EnsureRunning(std::string* error) { return Alive() || Start(error); }

std::string PythonWorker::TakeStderr() {
    std::string s = std::move(stderr_);
    stderr_.clear();
    return s;
}

nlohmann::json PythonWorker::Request(const nlohmann::json& request, double timeoutSeconds) {
    auto fail = [&](const std::string& why) {
        std::string tail = TakeStderr();
        Stop();
        return nlohmann::json{{"ok", false}, {"error", tail.empty() ? why : why + ": " + tail}};
    };
    std::string error;
    if (pid_ < 0 && !Start(&error)) return fail(error);
    // Replies carry the request's id: a unit killed mid-request leaves a stale reply behind.
    nlohmann::json tagged = request;
    const uint64_t id = ++nextId_ ^ (uint64_t(getpid()) << 32);
    tagged["id"] = id;
    std::string line = tagged.dump() + "\n";
    for (size_t sent = 0; sent < line.size();) {
        ssize_t n = write(toChild_, line.data() + sent, line.size() - sent);
        if (n <= 0) return fail("the Python worker stopped reading requests");
        sent += size_t(n);
    }
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeoutSeconds);
    for (;;) {
        auto nl = pending_.find('\n');
        if (nl != std::string::npos) {
            std::string reply = pending_.substr(0, nl);
            pending_.erase(0, nl + 1);
            try {
                auto j = nlohmann::json::parse(reply);
                if (j.value("id", uint64_t(0)) != id) continue;
                return j;
            } catch (const std::exception&) {
                return fail("unreadable reply from the Python worker: " + reply.substr(0, 200));
            }
        }
        double left = std::chrono::duration<double>(deadline - Clock::now()).count();
        if (left <= 0) return fail("the Python step took longer than " + std::to_string(int(timeoutSeconds)) + " s");
        pollfd fds[2] = {{fromChild_, POLLIN, 0}, {errChild_, POLLIN, 0}};
        if (poll(fds, 2, int(std::min(left, 1.0) * 1000) + 1) < 0 && errno != EINTR) return fail("poll failed");
        char buf[65536];
        if (fds[1].revents & (POLLIN | POLLHUP)) {
            ssize_t n = read(errChild_, buf, sizeof buf);
            if (n > 0) {
                stderr_.append(buf, size_t(n));
                if (stderr_.size() > kStderrTail) stderr_.erase(0, stderr_.size() - kStderrTail);
            }
        }
        if (fds[0].revents & (POLLIN | POLLHUP)) {
            ssize_t n = read(fromChild_, buf, sizeof buf);
            if (n <= 0) return fail("the Python worker exited");
            pending_.append(buf, size_t(n));
        }
    }
}

}  // namespace akg::harness
