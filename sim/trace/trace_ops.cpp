#include "trace_ops.h"

namespace lockscope::sim {
namespace {

// A set's names, checked complete (one per enumerator) where the table is assembled.
template <TraceOpEnum Op>
constexpr std::span<const std::string_view> namesOf() {
  static_assert(kNamesComplete<Op>);
  return OpNames<Op>::kNames;
}

// Every set's names, by OpSet: the one table name() and the reader look ops up in. Each enum's
// names are placed at its own set's index, so the order here cannot be wrong.
constexpr auto kNamesBySet = [] {
  std::array<std::span<const std::string_view>, kOpSetCount> table{};
  auto place = [&table]<TraceOpEnum Op>(Op) {
    table[static_cast<size_t>(OpNames<Op>::kSet)] = namesOf<Op>();
  };
  place(ZooKeeperOp{}), place(RedisOp{}), place(WatchOp{}), place(SessionOp{}), place(ProcessOp{});
  place(LockOp{}), place(ResourceOp{}), place(KeyChangedOp{}), place(KeyDeletedOp{});
  place(RedisInstanceOp{}), place(NoteOp{}), place(FaultKind{}), place(ServerFaultOp{});
  place(SqlOp{}), place(RowOp{}), place(RowLockOp{}), place(TransactionOp{});
  return table;
}();

// The sets an event of each kind may carry (at most three; None: no typed op).
struct KindSets {
  OpSet first = OpSet::None;
  OpSet second = OpSet::None;
  OpSet third = OpSet::None;
};

constexpr KindSets setsOf(TraceKind kind) {
  switch (kind) {
    case TraceKind::Request:
    case TraceKind::Reply: return {OpSet::ZooKeeper, OpSet::Redis, OpSet::Sql};
    case TraceKind::WatchSet:
    case TraceKind::WatchRemoved: return {OpSet::Watch};
    case TraceKind::SessionState: return {OpSet::Session};
    case TraceKind::Fault: return {OpSet::Fault, OpSet::ServerFault};
    case TraceKind::Process: return {OpSet::Process};
    case TraceKind::Lock: return {OpSet::Lock};
    case TraceKind::Resource: return {OpSet::Resource};
    case TraceKind::Note: return {OpSet::Note};
    case TraceKind::KeyChanged: return {OpSet::KeyChanged};
    case TraceKind::KeyDeleted: return {OpSet::KeyDeleted};
    case TraceKind::RedisInstance: return {OpSet::RedisInstance};
    case TraceKind::Row: return {OpSet::Row};
    case TraceKind::RowLock: return {OpSet::RowLock};
    case TraceKind::Transaction: return {OpSet::Transaction};
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
  return set == OpSet::None || set == sets.first || set == sets.second || set == sets.third;
}

std::optional<TraceOp> parseTraceOp(TraceKind kind, std::string_view text) {
  const KindSets sets = setsOf(kind);
  if (auto op = findIn(sets.first, text)) return op;
  if (auto op = findIn(sets.second, text)) return op;
  return findIn(sets.third, text);
}

std::string opNamesFor(TraceKind kind) {
  const KindSets sets = setsOf(kind);
  std::string out;
  appendNames(sets.first, out);
  appendNames(sets.second, out);
  appendNames(sets.third, out);
  return out;
}

std::optional<RedisOp> redisOpNamed(std::string_view command) {
  if (const auto op = findIn(OpSet::Redis, command)) return op->as<RedisOp>();
  return std::nullopt;
}

}  // namespace lockscope::sim
