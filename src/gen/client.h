// A client for OpenAI-compatible chat-completion servers (vLLM, vLLM-Ascend, SGLang, llama.cpp's
// server, hosted APIs): POST {base}/chat/completions over libcurl, with a concurrency limit,
// per-attempt timeouts and retries with exponential backoff (docs/gen.md).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace akg::gen {

struct Message {
    std::string role;  // "system", "user", "assistant"
    std::string content;
};

struct SamplingParams {
    double temperature = 0.7;
    double topP = 0.95;
    int maxTokens = 8192;
    int n = 1;                      // choices per request (servers without `n` support want 1)
    std::optional<uint64_t> seed;
    std::vector<std::string> stop;
};

struct ClientConfig {
    std::string baseUrl;  // e.g. http://127.0.0.1:8000/v1 ; "/chat/completions" is appended
    std::string model;
    std::string apiKey;   // sent as "Authorization: Bearer"; empty: no header
    double timeoutSeconds = 600;        // one attempt, connection to last byte
    double connectTimeoutSeconds = 10;
    int maxRetries = 4;                 // further attempts after the first
    double backoffSeconds = 1;          // first retry delay; doubles each retry
    double maxBackoffSeconds = 60;
    int concurrency = 8;                // requests in flight at once, across all callers
};

struct Usage {
    int64_t promptTokens = 0, completionTokens = 0, totalTokens = 0;
};

struct Choice {
    std::string content;
    std::string reasoning;     // `reasoning_content` of servers that split reasoning off
    std::string finishReason;  // "stop", "length", ...
};

// Failure classes of a request (docs/failure-classes.md).
inline constexpr const char* kGenTimeout = "gen.timeout";
inline constexpr const char* kGenConnection = "gen.connection";
inline constexpr const char* kGenRateLimited = "gen.rate_limited";
inline constexpr const char* kGenServerError = "gen.server_error";
inline constexpr const char* kGenHttpError = "gen.http_error";
inline constexpr const char* kGenBadResponse = "gen.bad_response";

struct ChatResult {
    bool ok = false;
    std::string cls;    // empty when ok, else one of the gen.* request classes above
    std::string error;  // why the last attempt failed
    int httpStatus = 0; // of the last attempt; 0 when no HTTP response arrived
    int attempts = 0;
    double latencySeconds = 0;  // the successful (or last) attempt
    double totalSeconds = 0;    // all attempts and backoff
    std::string id;             // the server's completion id
    std::vector<Choice> choices;
    Usage usage;
};

// Thread-safe: any number of threads may call Complete; at most `concurrency` requests are in
// flight, each on a pooled libcurl handle that keeps its connection alive.
class ChatClient {
public:
    explicit ChatClient(ClientConfig config);
    ~ChatClient();
    ChatClient(const ChatClient&) = delete;
    ChatClient& operator=(const ChatClient&) = delete;

    ChatResult Complete(const std::vector<Message>& messages, const SamplingParams& params);

    // The JSON body of one request.
    nlohmann::json RequestBody(const std::vector<Message>& messages, const SamplingParams& params) const;

private:
    void* AcquireHandle();
    void ReleaseHandle(void* handle);

    ClientConfig config_;
    std::string url_;
    std::mutex mutex_;
    std::condition_variable slotFree_;
    int inFlight_ = 0;
    std::vector<void*> idle_;  // CURL* handles, reused for keep-alive
};

// Parses a chat-completion response body into `out` (choices, usage, id); false with `error`.
bool ParseChatResponse(const std::string& body, ChatResult* out, std::string* error);

}  // namespace akg::gen
