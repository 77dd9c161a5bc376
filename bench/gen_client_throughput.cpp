// Round trips per second of the chat-completions client (src/gen/client.h) against the loopback
// test double (tests/gen/openai_double.h) answering at once: the client's own overhead, with no
// model behind it. Results: docs/performance.md.
//
//   akg_bench_gen_client [-j JOBS] [-n REQUESTS]      (default: -j 16 -n 4000)
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "gen/client.h"
#include "gen/openai_double.h"

int main(int argc, char** argv) {
    int jobs = 16, requests = 4000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "-j")) jobs = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "-n")) requests = std::atoi(argv[i + 1]);
    }
    using namespace akg::gen;
    testing::OpenAiDouble server;
    // A realistic answer size: a kernel of ~4 KB.
    const std::string answer = "<kernel_impl>\n```cpp\n" + std::string(4000, 'x') + "\n```\n</kernel_impl>";
    server.SetResponder([&](const nlohmann::json&, int) { return testing::ScriptedReply::Answer(answer); });
    ClientConfig config;
    config.baseUrl = server.BaseUrl();
    config.model = "bench";
    config.concurrency = jobs;
    ChatClient client(config);
    // A realistic prompt size: ~12 KB.
    const std::vector<Message> messages = {{"system", std::string(1000, 's')}, {"user", std::string(11000, 'u')}};

    std::atomic<int> next{0}, failed{0};
    std::vector<double> latencies(size_t(requests), 0);
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (int t = 0; t < jobs; ++t)
        threads.emplace_back([&] {
            for (int i; (i = next++) < requests;) {
                ChatResult r = client.Complete(messages, {});
                if (!r.ok) ++failed;
                latencies[size_t(i)] = r.latencySeconds;
            }
        });
    for (auto& t : threads) t.join();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::sort(latencies.begin(), latencies.end());
    std::printf("%d requests, -j %d: %.2f s, %.0f requests/s, latency median %.2f ms, p99 %.2f ms, %d failed\n",
                requests, jobs, wall, requests / wall, latencies[latencies.size() / 2] * 1e3,
                latencies[latencies.size() * 99 / 100] * 1e3, failed.load());
    return failed.load() ? 1 : 0;
}
