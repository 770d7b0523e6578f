#include "trace_ops.h"

namespace lockscope::sim {
namespace {

// Every set's names, by OpSet: the one table name() and the reader look ops up in.
constexpr std::array<std::span<const std::string_view>, kOpSetCount> kNamesBySet = {
    std::span<const std::string_view>{},
    OpNames<ZooKeeperOp>::kNames,
    OpNames<RedisOp>::kNames,
    OpNames<WatchOp>::kNames,
    OpNames<SessionOp>::kNames,
    OpNames<ProcessOp>::kNames,
    OpNames<LockOp>::kNames,
    OpNames<ResourceOp>::kNames,
    OpNames<KeyChangedOp>::kNames,
    OpNames<KeyDeletedOp>::kNames,
    OpNames<RedisInstanceOp>::kNames,
    OpNames<NoteOp>::kNames,
    OpNames<FaultKind>::kNames,
    OpNames<ServerFaultOp>::kNames,
};
static_assert(kNamesComplete<ZooKeeperOp> && kNamesComplete<RedisOp> && kNamesComplete<WatchOp> &&
              kNamesComplete<SessionOp> && kNamesComplete<ProcessOp> && kNamesComplete<LockOp> &&
              kNamesComplete<ResourceOp> && kNamesComplete<KeyChangedOp> &&
              kNamesComplete<KeyDeletedOp> && kNamesComplete<RedisInstanceOp> &&
              kNamesComplete<NoteOp> && kNamesComplete<FaultKind> && kNamesComplete<ServerFaultOp>);

// The sets an event of each kind may carry (at most two; None: no typed op).
struct KindSets {
  OpSet first = OpSet::None;
  OpSet second = OpSet::None;
};

constexpr KindSets setsOf(TraceKind kind) {
  switch (kind) {
    case TraceKind::Request:
    case TraceKind::Reply: return {OpSet::ZooKeeper, OpSet::Redis};
    case TraceKind::WatchSet: return {OpSet::Watch};
    case TraceKind::SessionState: return {OpSet::Session};
    case TraceKind::Fault: return {OpSet::Fault, OpSet::ServerFault};
    case TraceKind::Process: return {OpSet::Process};
    case TraceKind::Lock: return {OpSet::Lock};
    case TraceKind::Resource: return {OpSet::Resource};
    case TraceKind::Note: return {OpSet::Note};
    case TraceKind::KeyChanged: return {OpSet::KeyChanged};
    case TraceKind::KeyDeleted: return {OpSet::KeyDeleted};
    case TraceKind::RedisInstance: return {OpSet::RedisInstance};
    case TraceKind::NodeCreated:
    case TraceKind::NodeDeleted:
    case TraceKind::NodeChanged:
    case TraceKind::WatchFired:
    case TraceKind::WatchDelivered:
    case TraceKind::Step: return {};
  }
  return {};
}

std::optional<TraceOp> findIn(OpSet set, std::string_view text) {
  if (set == OpSet::None) return std::nullopt;
  const auto names = kNamesBySet[static_cast<size_t>(set)];
  for (size_t code = 0; code < names.size(); ++code) {
    if (names[code] == text) return TraceOp::fromCode(set, static_cast<uint8_t>(code));
  }
  return std::nullopt;
}

void appendNames(OpSet set, std::string& out) {
  if (set == OpSet::None) return;
  for (std::string_view name : kNamesBySet[static_cast<size_t>(set)]) {
    if (!out.empty()) out += ", ";
    out += name;
  }
}

}  // namespace

std::string_view name(TraceOp op) {
  const auto names = kNamesBySet[static_cast<size_t>(op.set())];
  return op.code() < names.size() ? names[op.code()] : std::string_view();
}

bool opFitsKind(TraceKind kind, OpSet set) {
  const KindSets sets = setsOf(kind);
  return set == OpSet::None || set == sets.first || set == sets.second;
}

std::optional<TraceOp> parseTraceOp(TraceKind kind, std::string_view text) {
  const KindSets sets = setsOf(kind);
  if (auto op = findIn(sets.first, text)) return op;
  return findIn(sets.second, text);
}

std::string opNamesFor(TraceKind kind) {
  const KindSets sets = setsOf(kind);
  std::string out;
  appendNames(sets.first, out);
  appendNames(sets.second, out);
  return out;
}

std::optional<RedisOp> redisOpNamed(std::string_view command) {
  if (const auto op = findIn(OpSet::Redis, command)) return op->as<RedisOp>();
  return std::nullopt;
}

}  // namespace lockscope::sim
