// The chat-completions client against the loopback test double: request contents, retries and
// backoff on 429 / 5xx / dropped connections, timeouts that bound the wait, the concurrency limit.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "gen/client.h"
#include "gen/openai_double.h"

namespace akg::gen {
namespace {

using testing::OpenAiDouble;
using testing::ScriptedReply;
using Clock = std::chrono::steady_clock;

double Since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

ClientConfig Config(const OpenAiDouble& server) {
    ClientConfig c;
    c.baseUrl = server.BaseUrl();
    c.model = "test-model";
    c.timeoutSeconds = 10;
    c.maxRetries = 3;
    c.backoffSeconds = 0.01;
    c.maxBackoffSeconds = 0.05;
    return c;
}

const std::vector<Message> kMessages = {{"system", "be brief"}, {"user", "write a kernel"}};

TEST(ChatClient, SendsTheRequestAndRecordsUsage) {
    OpenAiDouble server;
    server.Script({ScriptedReply::Answer("hello")});
    ClientConfig config = Config(server);
    config.apiKey = "secret-key";
    ChatClient client(config);
    SamplingParams p;
    p.temperature = 0.25;
    p.topP = 0.5;
    p.maxTokens = 123;
    p.seed = 42;
    p.stop = {"</kernel_impl>"};
    ChatResult r = client.Complete(kMessages, p);
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.choices.size(), 1u);
    EXPECT_EQ(r.choices[0].content, "hello");
    EXPECT_EQ(r.choices[0].finishReason, "stop");
    EXPECT_EQ(r.usage.promptTokens, 100);
    EXPECT_EQ(r.usage.completionTokens, 50);
    EXPECT_EQ(r.usage.totalTokens, 150);
    EXPECT_EQ(r.attempts, 1);
    EXPECT_GT(r.latencySeconds, 0);
    auto requests = server.Requests();
    ASSERT_EQ(requests.size(), 1u);
    const auto& body = requests[0];
    EXPECT_EQ(body["model"], "test-model");
    EXPECT_EQ(body["messages"][1]["content"], "write a kernel");
    EXPECT_EQ(body["temperature"], 0.25);
    EXPECT_EQ(body["top_p"], 0.5);
    EXPECT_EQ(body["max_tokens"], 123);
    EXPECT_EQ(body["seed"], 42);
    EXPECT_EQ(body["stop"][0], "</kernel_impl>");
    EXPECT_FALSE(body.contains("n"));
    EXPECT_EQ(server.RemoteAddresses()[0], "127.0.0.1");
}

TEST(ChatClient, AsksForSeveralChoicesWithN) {
    OpenAiDouble server;
    ScriptedReply reply;
    reply.contents = {"a", "b", "c"};
    server.Script({reply});
    ChatClient client(Config(server));
    SamplingParams p;
    p.n = 3;
    ChatResult r = client.Complete(kMessages, p);
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.choices.size(), 3u);
    EXPECT_EQ(r.choices[2].content, "c");
    EXPECT_EQ(server.Requests()[0]["n"], 3);
}

TEST(ChatClient, KeepsReasoningContent) {
    OpenAiDouble server;
    ScriptedReply reply = ScriptedReply::Answer("code");
    reply.reasoning = "let me think";
    server.Script({reply});
    ChatClient client(Config(server));
    ChatResult r = client.Complete(kMessages, {});
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(r.choices[0].reasoning, "let me think");
}

TEST(ChatClient, RetriesRateLimitsServerErrorsAndDroppedConnections) {
    OpenAiDouble server;
    server.Script({ScriptedReply::Error(429), ScriptedReply::Error(500), ScriptedReply::Dropped(),
                   ScriptedReply::Error(503), ScriptedReply::Answer("finally")});
    ClientConfig config = Config(server);
    config.maxRetries = 4;
    ChatClient client(config);
    ChatResult r = client.Complete(kMessages, {});
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.choices[0].content, "finally");
    EXPECT_EQ(r.attempts, 5);
    EXPECT_EQ(server.RequestCount(), 5);
}

TEST(ChatClient, GivesUpAfterTheRetriesWithTheLastClass) {
    OpenAiDouble server;
    server.SetResponder([](const nlohmann::json&, int) { return ScriptedReply::Error(429); });
    ClientConfig config = Config(server);
    config.maxRetries = 2;
    ChatClient client(config);
    ChatResult r = client.Complete(kMessages, {});
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.cls, kGenRateLimited);
    EXPECT_EQ(r.httpStatus, 429);
    EXPECT_EQ(r.attempts, 3);
    EXPECT_EQ(server.RequestCount(), 3);

    server.SetResponder([](const nlohmann::json&, int) { return ScriptedReply::Error(502); });
    r = client.Complete(kMessages, {});
    EXPECT_EQ(r.cls, kGenServerError);
    server.SetResponder([](const nlohmann::json&, int) { return ScriptedReply::Dropped(); });
    r = client.Complete(kMessages, {});
    EXPECT_EQ(r.cls, kGenConnection);
}

TEST(ChatClient, DoesNotRetryClientErrors) {
    OpenAiDouble server;
    server.SetResponder([](const nlohmann::json&, int) { return ScriptedReply::Error(400); });
    ChatClient client(Config(server));
    ChatResult r = client.Complete(kMessages, {});
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.cls, kGenHttpError);
    EXPECT_EQ(r.attempts, 1);
}

TEST(ChatClient, HonoursRetryAfter) {
    OpenAiDouble server;
    ScriptedReply limited = ScriptedReply::Error(429);
    limited.retryAfter = "1";
    server.Script({limited, ScriptedReply::Answer("ok")});
    ClientConfig config = Config(server);
    config.maxBackoffSeconds = 5;
    ChatClient client(config);
    const auto start = Clock::now();
    ChatResult r = client.Complete(kMessages, {});
    ASSERT_TRUE(r.ok);
    EXPECT_GE(Since(start), 0.9);
}

TEST(ChatClient, NeverWaitsPastItsTimeout) {
    OpenAiDouble server;
    server.SetResponder([](const nlohmann::json&, int) { return ScriptedReply::Answer("late", 30); });
    ClientConfig config = Config(server);
    config.timeoutSeconds = 0.5;
    config.maxRetries = 1;
    ChatClient client(config);
    const auto start = Clock::now();
    ChatResult r = client.Complete(kMessages, {});
    const double elapsed = Since(start);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.cls, kGenTimeout);
    EXPECT_EQ(r.attempts, 2);
    // Two attempts of 0.5 s and one short backoff; far from the server's 30 s.
    EXPECT_LT(elapsed, 3.0);
}

TEST(ChatClient, ASlowAnswerWithinTheTimeoutArrives) {
    OpenAiDouble server;
    server.Script({ScriptedReply::Answer("slow but fine", 0.5)});
    ClientConfig config = Config(server);
    config.timeoutSeconds = 5;
    ChatClient client(config);
    ChatResult r = client.Complete(kMessages, {});
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.attempts, 1);
    EXPECT_GE(r.latencySeconds, 0.45);
}

TEST(ChatClient, ConnectionRefusedIsAConnectionFailure) {
    std::string url;
    {
        OpenAiDouble gone;
        url = gone.BaseUrl();
    }  // nothing listens there any more
    ClientConfig c;
    c.baseUrl = url;
    c.model = "m";
    c.maxRetries = 1;
    c.backoffSeconds = 0.01;
    ChatClient client(c);
    ChatResult r = client.Complete(kMessages, {});
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.cls, kGenConnection);
    EXPECT_EQ(r.attempts, 2);
}

TEST(ChatClient, LimitsRequestsInFlight) {
    OpenAiDouble server;
    server.SetResponder([](const nlohmann::json&, int) { return ScriptedReply::Answer("x", 0.1); });
    ClientConfig config = Config(server);
    config.concurrency = 3;
    ChatClient client(config);
    std::vector<std::thread> threads;
    std::atomic<int> ok{0};
    for (int i = 0; i < 12; ++i)
        threads.emplace_back([&] { ok += client.Complete(kMessages, {}).ok; });
    for (auto& t : threads) t.join();
    EXPECT_EQ(ok.load(), 12);
    EXPECT_LE(server.MaxInFlight(), 3);
    EXPECT_GE(server.MaxInFlight(), 2);  // and does run them side by side
}

// A proxy named by the environment is not used for a server on this machine: nothing leaves
// loopback (the proxy address is unroutable; going through it would fail).
TEST(ChatClient, LoopbackServersBypassProxies) {
    OpenAiDouble server;
    server.Script({ScriptedReply::Answer("direct")});
    setenv("http_proxy", "http://192.0.2.1:9", 1);
    setenv("HTTP_PROXY", "http://192.0.2.1:9", 1);
    ClientConfig config = Config(server);
    config.connectTimeoutSeconds = 2;
    config.maxRetries = 0;
    ChatClient client(config);
    ChatResult r = client.Complete(kMessages, {});
    unsetenv("http_proxy");
    unsetenv("HTTP_PROXY");
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.choices[0].content, "direct");
    for (auto& a : server.RemoteAddresses()) EXPECT_EQ(a, "127.0.0.1");
}

TEST(ChatClient, MalformedResponsesAreClassified) {
    std::string error;
    ChatResult r;
    EXPECT_FALSE(ParseChatResponse("not json", &r, &error));
    EXPECT_FALSE(ParseChatResponse("{\"object\": \"error\"}", &r, &error));
    EXPECT_TRUE(ParseChatResponse(R"({"choices": [{"message": {"content": null}, "finish_reason": "length"}]})", &r,
                                  &error));
    ASSERT_EQ(r.choices.size(), 1u);
    EXPECT_EQ(r.choices[0].content, "");
    EXPECT_EQ(r.choices[0].finishReason, "length");
}

}  // namespace
}  // namespace akg::gen
