// Deadlocks a database found and broke: a cycle of transactions each waiting for a lock another
// of them holds, ended by the server choosing a victim whose statement fails with a deadlock
// error (PostgreSQL after deadlock_timeout, InnoDB at once).
//   wait_cycle  from when the cycle closed (the last of its members began waiting) until the
//               victim's error; the clients of the cycle (the victim alone when the trace does
//               not say who else: a live server's); the detail names the victim.
// The victim is read from its Reply (rc "deadlock"), which the model and the live clients both
// write; the cycle from the model's RowLock victim event ("cycle c1 -> c2 -> c1"), which only the
// model can write.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "run_verdict.h"
#include "sim/trace/trace_event.h"

namespace lockscope::checkers {

// The rc of a Reply whose statement a deadlock ended: sql::sqlErrorName(SqlError::Deadlock)
// (tst_database_model holds the two together; the checkers do not link the database API).
inline constexpr std::string_view kDeadlockReplyRc = "deadlock";

class WaitCycleChecker {
 public:
  void onEvent(const sim::TraceEvent& event);
  void finish(std::vector<Violation>& out) const {
    out.insert(out.end(), cycles_.begin(), cycles_.end());
  }
  int64_t victims() const { return static_cast<int64_t>(cycles_.size()); }

 private:
  std::map<std::string, sim::Micros, std::less<>> waitingSince_;  // by client
  std::map<std::string, std::vector<std::string>, std::less<>> cycleOfVictim_;
  std::vector<Violation> cycles_;
};

}  // namespace lockscope::checkers
