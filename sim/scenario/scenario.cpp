#include "scenario.h"

#include <sstream>

namespace lockscope::scenario {

const char* faultKindName(Fault::Kind kind) {
  switch (kind) {
    case Fault::Kind::Crash: return "crash";
    case Fault::Kind::Restart: return "restart";
    case Fault::Kind::Pause: return "pause";
    case Fault::Kind::Resume: return "resume";
    case Fault::Kind::Partition: return "partition";
    case Fault::Kind::Heal: return "heal";
    case Fault::Kind::ExpireSession: return "expire_session";
    case Fault::Kind::LoseReply: return "lose_reply";
    case Fault::Kind::KillInstance: return "kill_instance";
    case Fault::Kind::RestartInstance: return "restart_instance";
    case Fault::Kind::ClockJump: return "clock_jump";
    case Fault::Kind::Failover: return "failover";
    case Fault::Kind::KillServer: return "kill_server";
    case Fault::Kind::RestartServer: return "restart_server";
  }
  return "unknown";
}

std::string Expectation::describe() const {
  if (isInvariant) return name + ": " + (mustHold ? "holds" : "violated");
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text << name << " " << comparison << " " << bound;
  return text.str();
}

}  // namespace lockscope::scenario
