#include "activity_text.h"

namespace lockscope::gui {
namespace {

// The request a Redis client is waiting on while it acquires, in the recipe's pseudocode's words
// and short enough for a card on a projector.
std::string redisAttempt(sim::TraceOp op) {
  using sim::RedisOp;
  if (op == RedisOp::Set || op == RedisOp::FencedAcquire)
    return "trying SET NX";  // the script's SET NX PX, then INCR
  if (op == RedisOp::SetNx) return "trying SETNX";
  if (op == RedisOp::PExpire) return "setting a TTL";
  if (op == RedisOp::CompareAndDelete) return "unlocking";  // Redlock gives back a lost vote's keys
  if (op == RedisOp::CompareAndExtend) return "extending";
  return "acquiring";
}

}  // namespace

std::string activityText(const ClientOnStage& client, bool redis, const HeldWords& held) {
  const Activity activity = client.activity();
  const std::string_view heldAs = client.holdingRead ? held.read : held.other;
  if (activity == Activity::Holding && !heldAs.empty()) return std::string(heldAs);
  if (!redis) return activityName(activity);
  switch (activity) {
    case Activity::Creating:
    case Activity::Listing: return redisAttempt(client.pendingOp);
    case Activity::Waiting: return "waiting to retry";
    default: return activityName(activity);
  }
}

}  // namespace lockscope::gui
