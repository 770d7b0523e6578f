// All checkers and metrics of a run, as one trace sink: install it on world.trace() before the
// run starts, call finish() once when it ends. It reads events as they stream past and keeps no
// events: its memory grows with the clients, the open intervals (waiting nodes, armed watches,
// an overlap in progress) and the violations found, not with the length of the run. The rules:
// lock_holders.h, mutual_exclusion_checker.h, lost_update_checker.h, fifo_checker.h,
// liveness_checker.h, watch_ledger.h, and beside them lock_history.h (linearizability); the
// metrics: run_metrics.h and run_verdict.h.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "run_verdict.h"
#include "sim/trace/trace.h"

namespace lockscope::checkers {

struct JudgeOptions {
  bool fairRecipe = true;  // check FIFO grants by node sequence (off: no `fifo` violations)
  bool exclusive = true;   // the recipe promises mutual exclusion (off: optimistic concurrency)
  // Clients that lock different things (zk-multilock over several lock paths): the paths each
  // client locks. Mutual exclusion is then judged per path, between the clients that lock it.
  // Empty: every client locks the one same lock.
  std::map<std::string, std::vector<std::string>> lockPathsOfClient;
};

class RunJudge final : public sim::TraceSink {
 public:
  explicit RunJudge(JudgeOptions options);
  ~RunJudge() override;

  void onEvent(const sim::TraceEvent& event) override;
  // Ends the run at `endTime` and judges it.
  RunVerdict finish(sim::Micros endTime);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace lockscope::checkers
