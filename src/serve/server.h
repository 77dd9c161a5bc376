// `akgen serve`: the harness's evaluator behind HTTP/JSON for RL trainers (docs/serve.md).
#pragma once

#include <string>

#include "harness/sandbox.h"
#include "serve/rewards.h"

namespace akg::serve {

struct ServeOptions {
    std::string tasksRoot;
    std::string host = "127.0.0.1";
    int port = 8080;                 // 0: any free port (the chosen one is printed)
    int jobs = 1;                    // evaluator processes: candidates evaluated at once
    int queue = 16;                  // requests waiting for an evaluator; more get 429
    std::string stateDir;            // results/, pending/, verdicts/, reference/, work/
    RewardConfig rewards;            // the default, changed by --rewards FILE
    std::string token;               // bearer token; required to bind other than loopback
    size_t maxBodyBytes = 4 << 20;
    double deadlineSeconds = 600;    // the default and the largest per-request deadline
    double drainSeconds = 600;       // SIGTERM: how long queued and running requests may finish
    std::string soc = "Ascend910B1";
    // Per case; lower than bench's defaults: a trainer waits for every answer, and a legitimate
    // case of a task needs seconds.
    harness::SandboxLimits limits{20, 10};
    std::string python;
    std::string evaluatorExe;        // akgen itself, exec'd as `akgen serve --evaluator`
};

// Serves until SIGTERM or SIGINT, then drains; returns the process's exit status.
int RunServer(const ServeOptions& options);

}  // namespace akg::serve
