#include "gen/client.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>

namespace akg::gen {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

double SecondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

size_t AppendBody(char* data, size_t size, size_t count, void* user) {
    static_cast<std::string*>(user)->append(data, size * count);
    return size * count;
}

// Captures Retry-After (seconds form) so that a rate-limited client waits as long as asked.
size_t ReadHeader(char* data, size_t size, size_t count, void* user) {
    std::string line(data, size * count);
    std::string lower = line;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower.rfind("retry-after:", 0) == 0) {
        try {
            *static_cast<double*>(user) = std::stod(line.substr(12));
        } catch (const std::exception&) {
            // an HTTP-date: ignored, the exponential backoff applies
        }
    }
    return size * count;
}

struct Attempt {
    bool transportOk = false;
    CURLcode curlCode = CURLE_OK;
    std::string curlError;
    long status = 0;
    std::string body;
    double retryAfter = -1;
    double seconds = 0;
};

}  // namespace

ChatClient::ChatClient(ClientConfig config) : config_(std::move(config)) {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    url_ = config_.baseUrl;
    while (!url_.empty() && url_.back() == '/') url_.pop_back();
    url_ += "/chat/completions";
    config_.concurrency = std::max(1, config_.concurrency);
}

ChatClient::~ChatClient() {
    for (void* h : idle_) curl_easy_cleanup(static_cast<CURL*>(h));
}

void* ChatClient::AcquireHandle() {
    std::unique_lock lock(mutex_);
    slotFree_.wait(lock, [&] { return inFlight_ < config_.concurrency; });
    ++inFlight_;
    if (!idle_.empty()) {
        void* h = idle_.back();
        idle_.pop_back();
        return h;
    }
    lock.unlock();
    return curl_easy_init();
}

void ChatClient::ReleaseHandle(void* handle) {
    {
        std::lock_guard lock(mutex_);
        --inFlight_;
        if (handle) idle_.push_back(handle);
    }
    slotFree_.notify_one();
}

json ChatClient::RequestBody(const std::vector<Message>& messages, const SamplingParams& p) const {
    json msgs = json::array();
    for (auto& m : messages) msgs.push_back({{"role", m.role}, {"content", m.content}});
    json body = {{"model", config_.model}, {"messages", msgs},    {"temperature", p.temperature},
                 {"top_p", p.topP},        {"max_tokens", p.maxTokens}, {"stream", false}};
    if (p.n != 1) body["n"] = p.n;
    if (p.seed) body["seed"] = *p.seed;
    if (!p.stop.empty()) body["stop"] = p.stop;
    return body;
}

bool ParseChatResponse(const std::string& body, ChatResult* out, std::string* error) {
    json j;
    try {
        j = json::parse(body);
    } catch (const std::exception& e) {
        *error = std::string("response is not JSON: ") + e.what();
        return false;
    }
    if (!j.is_object() || !j.contains("choices") || !j.at("choices").is_array()) {
        *error = "response has no choices array";
        return false;
    }
    out->choices.clear();
    for (auto& c : j.at("choices")) {
        Choice choice;
        if (c.contains("message") && c.at("message").is_object()) {
            const json& m = c.at("message");
            if (m.contains("content") && m.at("content").is_string()) choice.content = m.at("content");
            for (const char* k : {"reasoning_content", "reasoning"})
                if (m.contains(k) && m.at(k).is_string()) choice.reasoning = m.at(k);
        }
        if (c.contains("finish_reason") && c.at("finish_reason").is_string()) choice.finishReason = c.at("finish_reason");
        out->choices.push_back(std::move(choice));
    }
    if (j.contains("usage") && j.at("usage").is_object()) {
        const json& u = j.at("usage");
        out->usage.promptTokens = u.value("prompt_tokens", int64_t(0));
        out->usage.completionTokens = u.value("completion_tokens", int64_t(0));
        out->usage.totalTokens = u.value("total_tokens", out->usage.promptTokens + out->usage.completionTokens);
    }
    if (j.contains("id") && j.at("id").is_string()) out->id = j.at("id");
    return true;
}

ChatResult ChatClient::Complete(const std::vector<Message>& messages, const SamplingParams& params) {
    const auto start = Clock::now();
    const std::string body = RequestBody(messages, params).dump();
    ChatResult result;
    thread_local std::mt19937_64 jitter(std::random_device{}());

    for (int attempt = 0;; ++attempt) {
        Attempt a;
        CURL* curl = static_cast<CURL*>(AcquireHandle());
        if (!curl) {
            ReleaseHandle(nullptr);
            result.cls = kGenConnection;
            result.error = "curl_easy_init failed";
            break;
        }
        char curlError[CURL_ERROR_SIZE] = {0};
        curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
        const std::string auth = "Authorization: Bearer " + config_.apiKey;
        if (!config_.apiKey.empty()) headers = curl_slist_append(headers, auth.c_str());
        // Servers that need "Expect: 100-continue" are rare; the round trip it costs is not.
        headers = curl_slist_append(headers, "Expect:");
        curl_easy_reset(curl);  // keeps the connection cache
        curl_easy_setopt(curl, CURLOPT_URL, url_.c_str());
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.size()));
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, AppendBody);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &a.body);
        curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, ReadHeader);
        curl_easy_setopt(curl, CURLOPT_HEADERDATA, &a.retryAfter);
        curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, curlError);
        curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // timeouts without SIGALRM: callers are threads
        curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, long(config_.timeoutSeconds * 1000));
        curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, long(config_.connectTimeoutSeconds * 1000));
        curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
        // A model served on this machine is never reached through a proxy the environment names.
        curl_easy_setopt(curl, CURLOPT_NOPROXY, "localhost,127.0.0.1,::1");

        const auto attemptStart = Clock::now();
        a.curlCode = curl_easy_perform(curl);
        a.seconds = SecondsSince(attemptStart);
        a.transportOk = a.curlCode == CURLE_OK;
        a.curlError = curlError[0] ? curlError : curl_easy_strerror(a.curlCode);
        if (a.transportOk) curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &a.status);
        curl_slist_free_all(headers);
        ReleaseHandle(curl);

        result.attempts = attempt + 1;
        result.latencySeconds = a.seconds;
        result.httpStatus = int(a.status);
        bool retryable = false;
        if (!a.transportOk) {
            result.cls = a.curlCode == CURLE_OPERATION_TIMEDOUT ? kGenTimeout : kGenConnection;
            result.error = a.curlError;
            retryable = true;
        } else if (a.status == 429) {
            result.cls = kGenRateLimited;
            result.error = "HTTP 429: " + a.body.substr(0, 300);
            retryable = true;
        } else if (a.status >= 500) {
            result.cls = kGenServerError;
            result.error = "HTTP " + std::to_string(a.status) + ": " + a.body.substr(0, 300);
            retryable = true;
        } else if (a.status != 200) {
            result.cls = kGenHttpError;
            result.error = "HTTP " + std::to_string(a.status) + ": " + a.body.substr(0, 300);
        } else if (std::string why; !ParseChatResponse(a.body, &result, &why)) {
            result.cls = kGenBadResponse;
            result.error = why;
        } else {
            result.ok = true;
            result.cls.clear();
            result.error.clear();
        }
        if (result.ok || !retryable || attempt >= config_.maxRetries) break;
        double delay = std::min(config_.maxBackoffSeconds, config_.backoffSeconds * std::pow(2.0, attempt));
        delay *= std::uniform_real_distribution<double>(0.5, 1.0)(jitter);  // callers do not retry in lockstep
        if (a.retryAfter >= 0) delay = std::min(config_.maxBackoffSeconds, a.retryAfter);
        std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    }
    result.totalSeconds = SecondsSince(start);
    return result;
}

}  // namespace akg::gen
