#include "activity_text.h"

namespace lockscope::gui {
namespace {

// The request a Redis client is waiting on while it acquires, in the recipe's pseudocode's words
// and short enough for a card on a projector.
std::string redisAttempt(std::string_view op) {
  if (op == "SET" || op == "fenced_acquire") return "trying SET NX";  // the script's SET NX PX, then INCR
  if (op == "SETNX") return "trying SETNX";
  if (op == "PEXPIRE") return "setting a TTL";
  if (op == "compare_and_delete") return "unlocking";  // Redlock gives back a lost vote's keys
  if (op == "compare_and_extend") return "extending";
  return "acquiring";
}

}  // namespace

std::string activityText(const ClientOnStage& client, const RecordedTrace& trace, bool redis) {
  const Activity activity = client.activity(trace);
  if (!redis) return activityName(activity);
  switch (activity) {
    case Activity::Creating:
    case Activity::Listing: return redisAttempt(trace.text(client.pendingOp));
    case Activity::Waiting: return "waiting to retry";
    default: return activityName(activity);
  }
}

}  // namespace lockscope::gui
