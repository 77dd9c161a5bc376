#include "gen/openai_double.h"

#include <httplib.h>

#include <chrono>

namespace akg::gen::testing {

using nlohmann::json;

OpenAiDouble::OpenAiDouble() : server_(std::make_unique<httplib::Server>()) {
    // Enough workers for the -j 16 benchmark and for slow replies that must not block others.
    server_->new_task_queue = [] { return new httplib::ThreadPool(64); };
    server_->set_keep_alive_max_count(1000000);
    // Headers and body go out in separate writes; with Nagle's algorithm the body waits for the
    // client's delayed ACK (40 ms), which would be all a benchmark of the client measured.
    server_->set_tcp_nodelay(true);
    server_->Post("/v1/chat/completions", [this](const httplib::Request& req, httplib::Response& res) {
        const int now = ++inFlight_;
        for (int m = maxInFlight_.load(); now > m && !maxInFlight_.compare_exchange_weak(m, now);) {
        }
        json body = json::parse(req.body, nullptr, false);
        ScriptedReply reply;
        int index = 0;
        {
            std::lock_guard lock(mutex_);
            index = int(requests_.size());
            requests_.push_back(body);
            remotes_.push_back(req.remote_addr);
            if (!script_.empty()) {
                reply = script_.front();
                script_.pop_front();
            } else if (responder_) {
                reply = responder_(body, index);
            } else {
                reply = ScriptedReply::Answer("");
            }
        }
        ++count_;
        if (reply.delaySeconds > 0) Wait(reply.delaySeconds);
        if (reply.kind == ScriptedReply::Kind::Status) {
            res.status = reply.status;
            if (!reply.retryAfter.empty()) res.set_header("Retry-After", reply.retryAfter);
            res.set_content(json{{"error", {{"message", "scripted error"}, {"code", reply.status}}}}.dump(),
                            "application/json");
        } else if (reply.kind == ScriptedReply::Kind::Drop) {
            // Promise a long body, send a little of it, then give up: the client sees the
            // connection close mid-response.
            res.set_content_provider(4096, "application/json", [](size_t offset, size_t, httplib::DataSink& sink) {
                if (offset == 0) sink.write("{\"id\": \"cut", 11);
                return offset == 0;
            });
        } else {
            const int n = body.is_object() ? body.value("n", 1) : 1;
            json choices = json::array();
            for (int i = 0; i < n; ++i) {
                const std::string& c = reply.contents.size() > size_t(i) ? reply.contents[size_t(i)]
                                       : reply.contents.empty()           ? std::string()
                                                                          : reply.contents.front();
                json message = {{"role", "assistant"}, {"content", c}};
                if (!reply.reasoning.empty()) message["reasoning_content"] = reply.reasoning;
                choices.push_back({{"index", i}, {"message", message}, {"finish_reason", reply.finishReason}});
            }
            const int completion = reply.completionTokens * n;
            res.set_content(json{{"id", "chatcmpl-" + std::to_string(index)},
                                 {"object", "chat.completion"},
                                 {"model", body.is_object() ? body.value("model", "") : ""},
                                 {"choices", choices},
                                 {"usage",
                                  {{"prompt_tokens", reply.promptTokens},
                                   {"completion_tokens", completion},
                                   {"total_tokens", reply.promptTokens + completion}}}}
                                .dump(),
                            "application/json");
        }
        --inFlight_;
    });
    port_ = server_->bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_->listen_after_bind(); });
    // stop() is a no-op until the accept loop runs, so a double destroyed at once would hang.
    while (!server_->is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

OpenAiDouble::~OpenAiDouble() {
    {
        std::lock_guard lock(mutex_);
        stopped_ = true;
    }
    stopping_.notify_all();
    server_->stop();
    thread_.join();
}

std::string OpenAiDouble::BaseUrl() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

void OpenAiDouble::Script(std::vector<ScriptedReply> replies) {
    std::lock_guard lock(mutex_);
    for (auto& r : replies) script_.push_back(std::move(r));
}

void OpenAiDouble::SetResponder(Responder responder) {
    std::lock_guard lock(mutex_);
    responder_ = std::move(responder);
}

std::vector<json> OpenAiDouble::Requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
}

std::vector<std::string> OpenAiDouble::RemoteAddresses() const {
    std::lock_guard lock(mutex_);
    return remotes_;
}

void OpenAiDouble::Wait(double seconds) {
    std::unique_lock lock(mutex_);
    stopping_.wait_for(lock, std::chrono::duration<double>(seconds), [&] { return stopped_; });
}

}  // namespace akg::gen::testing
