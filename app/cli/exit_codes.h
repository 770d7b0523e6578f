// lockscope-cli's exit codes (design.md §4), shared by every subcommand.
#pragma once

namespace lockscope::cli {

constexpr int kExitOk = 0;           // every expectation held
constexpr int kExitFailed = 1;       // an expectation or invariant failed
constexpr int kExitBadInput = 2;     // usage, unreadable or invalid scenario
constexpr int kExitUnreachable = 3;  // a live server could not be reached
// Not in design.md's list: an output (the report on stdout, the trace file) could not be written
// whole. 2, like an output path that cannot be opened: the run's result was not delivered.
constexpr int kExitOutputFailed = kExitBadInput;
// A bug: an exception reached main. One line on stderr rather than an abort and a core dump.
constexpr int kExitInternalError = 70;  // EX_SOFTWARE in sysexits.h

}  // namespace lockscope::cli
