// A test double of an OpenAI-compatible chat-completions server on 127.0.0.1 (cpp-httplib):
// it replays scripted replies — answers, slow answers, HTTP errors, dropped connections — and
// records every request it received, so tests can assert on what the client sent.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace httplib {
class Server;
}

namespace akg::gen::testing {

struct ScriptedReply {
    enum class Kind { Answer, Status, Drop };
    Kind kind = Kind::Answer;
    std::vector<std::string> contents;  // one per choice; an Answer with one content repeats it n times
    std::string reasoning;              // sent as message.reasoning_content when set
    int status = 200;                   // Kind::Status: the HTTP status, with an error body
    std::string retryAfter;             // Kind::Status: a Retry-After header when set
    double delaySeconds = 0;            // before anything is sent
    int promptTokens = 100, completionTokens = 50;
    std::string finishReason = "stop";

    static ScriptedReply Answer(std::string content, double delay = 0) {
        ScriptedReply r;
        r.contents = {std::move(content)};
        r.delaySeconds = delay;
        return r;
    }
    static ScriptedReply Error(int status) {
        ScriptedReply r;
        r.kind = Kind::Status;
        r.status = status;
        return r;
    }
    // Headers and part of the body are sent, then the connection is closed.
    static ScriptedReply Dropped() {
        ScriptedReply r;
        r.kind = Kind::Drop;
        return r;
    }
};

class OpenAiDouble {
public:
    // Decides the reply to a request (its parsed body, its 0-based arrival index).
    using Responder = std::function<ScriptedReply(const nlohmann::json& request, int index)>;

    OpenAiDouble();  // listening on 127.0.0.1, an ephemeral port
    ~OpenAiDouble();

    std::string BaseUrl() const;  // http://127.0.0.1:<port>/v1

    // Replies in order; once the script is used up, the responder (default: an empty answer).
    void Script(std::vector<ScriptedReply> replies);
    void SetResponder(Responder responder);

    std::vector<nlohmann::json> Requests() const;      // bodies, in arrival order
    std::vector<std::string> RemoteAddresses() const;  // of every request
    int RequestCount() const { return count_.load(); }
    int MaxInFlight() const { return maxInFlight_.load(); }

private:
    void Wait(double seconds);  // interrupted when the server stops

    std::unique_ptr<httplib::Server> server_;
    std::thread thread_;
    int port_ = 0;
    mutable std::mutex mutex_;
    std::condition_variable stopping_;
    bool stopped_ = false;
    std::deque<ScriptedReply> script_;
    Responder responder_;
    std::vector<nlohmann::json> requests_;
    std::vector<std::string> remotes_;
    std::atomic<int> count_{0}, inFlight_{0}, maxInFlight_{0};
};

}  // namespace akg::gen::testing
