#include "redis_request_log.h"

#include "redis_scripts.h"
#include "sim/engine/check.h"

namespace lockscope::redis {
namespace {

// The scripts' names are their trace ops too: one spelling of each.
static_assert(sim::name(sim::RedisOp::CompareAndDelete) == scripts::kCompareAndDelete &&
              sim::name(sim::RedisOp::CompareAndExtend) == scripts::kCompareAndExtend &&
              sim::name(sim::RedisOp::ReentrantAcquire) == scripts::kReentrantAcquire &&
              sim::name(sim::RedisOp::ReentrantRelease) == scripts::kReentrantRelease &&
              sim::name(sim::RedisOp::FencedAcquire) == scripts::kFencedAcquire);

// An EVAL: its key is its fourth word, where everything else names its key second.
bool isScript(const Command& argv) { return !argv.empty() && argv[0] == "EVAL"; }

// The name the command's op has: a lock script's by its name, a script of a lesson's own as EVAL
// (its source is no name), else the command's.
std::string_view opName(const Command& argv) {
  if (argv.empty()) return {};
  const bool named = isScript(argv) && argv.size() > 1 && !scripts::luaSource(argv[1]).empty();
  return named ? argv[1] : argv[0];
}

// The command's (or the script's) op. Commands arrive as argv strings, so this is the one place
// a Redis op is looked up by name; a command the model does not execute has no op to trace.
sim::TraceOp traceOpOf(std::string_view command) {
  if (command.empty()) return {};
  const auto op = sim::redisOpNamed(command);
  LOCKSCOPE_CHECK(op.has_value(),
                  "a Redis command without a trace op (add it to sim/trace/trace_ops.h)");
  return *op;
}

std::string arguments(const Command& argv) {
  std::string out;
  for (size_t i = 2; i < argv.size(); ++i) {
    if (!out.empty()) out += ' ';
    out += argv[i];
  }
  return out;
}

}  // namespace

bool RedisRequestLog::traced(const Command& argv) {
  return sim::redisOpNamed(opName(argv)).has_value();
}

int64_t RedisRequestLog::begin(const Command& argv, RedisClient::ReplyCallback done) {
  const int64_t request = ++nextRequest_;
  const bool script = isScript(argv);
  const sim::TraceOp op = traceOpOf(opName(argv));
  std::string key = script ? (argv.size() > 3 ? argv[3] : "") : (argv.size() > 1 ? argv[1] : "");
  world_.record({.kind = sim::TraceKind::Request,
                 .actor = clientName_,
                 .op = op,
                 .path = key,
                 .value = script ? "" : arguments(argv),
                 .detail = shardName_,
                 .request = request});
  pending_.emplace(request, Pending{std::move(done), op, std::move(key)});
  return request;
}

void RedisRequestLog::finish(int64_t request, const Reply& reply) {
  const auto found = pending_.find(request);
  if (found == pending_.end()) return;
  Pending answered = std::move(found->second);
  pending_.erase(found);
  const std::string text = reply.describe();
  world_.record({.kind = sim::TraceKind::Reply,
                 .actor = clientName_,
                 .op = answered.op,
                 .path = answered.key,
                 .rc = replyTypeName(reply.type),
                 .value = text,
                 .detail = shardName_,
                 .request = request});
  answered.done(reply);
}

}  // namespace lockscope::redis
