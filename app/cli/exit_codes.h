// lockscope-cli's exit codes (design.md §4), shared by every subcommand.
#pragma once

namespace lockscope::cli {

constexpr int kExitOk = 0;              // every expectation held
constexpr int kExitFailed = 1;          // an expectation or invariant failed
constexpr int kExitBadInput = 2;        // usage, unreadable or invalid scenario
constexpr int kExitUnreachable = 3;     // a live server could not be reached

}  // namespace lockscope::cli
