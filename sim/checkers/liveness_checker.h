// Stuck clients and deadlock, judged when the run ends. The runner stops a run only when every
// client is done or nothing has progressed for a long stall window, so a client still waiting at
// the end was woken by nothing.
//   stuck     a client whose last lock state is `acquiring` and whose process has not crashed
//             (a paused one counts: it is waiting too); from when it started acquiring.
//   deadlock  stuck clients exist and every holder (if any) is itself stuck: nobody is left who
//             could release. Holders are live by construction (a crash ends a hold). It names the
//             stuck clients, from when the last of them started waiting or the holders last
//             changed, whichever is later.
#pragma once

#include <string>
#include <vector>

#include "client_names.h"
#include "lock_holders.h"
#include "run_verdict.h"

namespace lockscope::checkers {

class LivenessChecker {
 public:
  void onEvent(const sim::TraceEvent& event, ClientId actor);
  // Adds the `stuck` and `deadlock` violations and fills verdict.stuckClients (sorted).
  void finish(sim::Micros endTime, const LockHolders& holders, const ClientNames& names,
              RunVerdict& verdict) const;

 private:
  struct Client {
    bool acquiring = false;
    sim::Micros since = 0;
    bool crashed = false;
    bool paused = false;
  };

  PerClient<Client> clients_;
};

}  // namespace lockscope::checkers
