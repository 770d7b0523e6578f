#include "linearizability.h"

#include <algorithm>
#include <unordered_set>

namespace lockscope::checkers {
namespace {

// The lock model's state: who holds it and how, by client; a client holding nothing is absent.
struct Holder {
  ClientId client = 0;
  std::vector<HoldMode> holds;  // in acquisition order
};
using LockState = std::vector<Holder>;  // sorted by client

bool conflict(HoldMode a, HoldMode b) { return excludesOthers(a) || excludesOthers(b); }

// Applies `op` to `state` when the model allows it; false (state unspecified) when it does not.
bool takeEffect(LockState& state, const HistoryOp& op) {
  auto own = std::lower_bound(
      state.begin(), state.end(), op.client,
      [](const Holder& holder, ClientId client) { return holder.client < client; });
  const bool holds = own != state.end() && own->client == op.client;
  switch (op.kind) {
    case LockOpKind::Acquire:
      for (const Holder& other : state) {
        if (other.client == op.client) continue;
        for (HoldMode mode : other.holds) {
          if (conflict(mode, op.mode)) return false;
        }
      }
      if (!holds) own = state.insert(own, Holder{op.client, {}});
      own->holds.push_back(op.mode);
      return true;
    case LockOpKind::Release: {
      if (!holds) return false;
      auto hold = std::find(own->holds.rbegin(), own->holds.rend(), op.mode);
      if (hold == own->holds.rend()) hold = own->holds.rbegin();
      own->holds.erase(std::next(hold).base());
      if (own->holds.empty()) state.erase(own);
      return true;
    }
    case LockOpKind::Drop:
      if (holds) state.erase(own);
      return true;
  }
  return false;
}

struct KeyHash {
  size_t operator()(const std::vector<uint32_t>& key) const {
    uint64_t hash = 1469598103934665603ULL;  // FNV-1a over the words
    for (uint32_t word : key) hash = (hash ^ word) * 1099511628211ULL;
    return static_cast<size_t>(hash);
  }
};

bool byInvocation(const HistoryOp& a, const HistoryOp& b) {
  return a.invokedAt != b.invokedAt ? a.invokedAt < b.invokedAt : a.returnedAt < b.returnedAt;
}

// Lowe's just-in-time linearization over a doubly linked list of call and return entries in
// real-time order (as Porcupine lays it out): the calls before the first return still in the list
// are the operations that may take effect next; linearizing one lifts its call and return out.
class Search {
 public:
  Search(std::vector<HistoryOp> ops, size_t budget) : ops_(std::move(ops)), budget_(budget) {
    std::sort(ops_.begin(), ops_.end(), byInvocation);
    linearized_.assign(ops_.size(), false);
    for (uint32_t id = 0; id < ops_.size(); ++id) {
      if (ops_[id].pending()) pendingIds_.push_back(id);
    }
    buildList();
  }

  LinearizabilityOutcome run() {
    LockState state;
    struct Frame {
      uint32_t call;
      LockState before;
    };
    std::vector<Frame> stack;
    uint32_t node = list_[kHead].next;
    for (size_t steps = 0;; ++steps) {
      if (steps > budget_) return LinearizabilityOutcome::Undecided;
      if (node == tail_) return LinearizabilityOutcome::Linearizable;
      const Entry& entry = list_[node];
      if (entry.call) {
        LockState after = state;
        if (takeEffect(after, ops_[entry.op])) {
          linearized_[entry.op] = true;
          if (seen_.insert(key(after)).second) {
            stack.push_back({node, std::move(state)});
            state = std::move(after);
            lift(node);
            node = list_[kHead].next;
            continue;
          }
          unmark(entry.op);
        }
        node = entry.next;
        continue;
      }
      // Every completed operation is linearized once only pending returns are left.
      if (ops_[entry.op].pending()) return LinearizabilityOutcome::Linearizable;
      if (stack.empty()) return LinearizabilityOutcome::NotLinearizable;
      Frame frame = std::move(stack.back());
      stack.pop_back();
      unlift(frame.call);
      unmark(list_[frame.call].op);
      state = std::move(frame.before);
      node = list_[frame.call].next;
    }
  }

 private:
  static constexpr uint32_t kHead = 0;
  struct Entry {
    uint32_t op = 0;
    bool call = false;
    uint32_t match = 0;  // the call's return, the return's call
    uint32_t prev = 0;
    uint32_t next = 0;
  };

  void buildList() {
    struct Point {
      uint64_t at;
      bool isReturn;  // at one position, calls come first: they overlap what returns there
      uint32_t op;
    };
    std::vector<Point> points;
    for (uint32_t id = 0; id < ops_.size(); ++id) {
      points.push_back({ops_[id].invokedAt, false, id});
      points.push_back({ops_[id].returnedAt, true, id});
    }
    std::sort(points.begin(), points.end(), [](const Point& a, const Point& b) {
      if (a.at != b.at) return a.at < b.at;
      if (a.isReturn != b.isReturn) return !a.isReturn;
      return a.op < b.op;
    });
    list_.assign(points.size() + 2, Entry{});
    tail_ = static_cast<uint32_t>(points.size() + 1);
    std::vector<uint32_t> callOf(ops_.size());
    for (uint32_t index = 0; index < points.size(); ++index) {
      const uint32_t node = index + 1;
      list_[node].op = points[index].op;
      list_[node].call = !points[index].isReturn;
      if (list_[node].call) {
        callOf[points[index].op] = node;
      } else {
        list_[node].match = callOf[points[index].op];
        list_[callOf[points[index].op]].match = node;
      }
    }
    for (uint32_t node = 0; node <= tail_; ++node) {
      list_[node].prev = node == 0 ? 0 : node - 1;
      list_[node].next = node == tail_ ? tail_ : node + 1;
    }
  }

  void unlink(uint32_t node) {
    list_[list_[node].prev].next = list_[node].next;
    list_[list_[node].next].prev = list_[node].prev;
  }
  void relink(uint32_t node) {
    list_[list_[node].prev].next = node;
    list_[list_[node].next].prev = node;
  }
  void lift(uint32_t call) {
    unlink(call);
    unlink(list_[call].match);
  }
  void unlift(uint32_t call) {
    relink(list_[call].match);
    relink(call);
  }

  void unmark(uint32_t op) {
    linearized_[op] = false;
    firstOpen_ = std::min(firstOpen_, op);
  }

  // The configuration: the first completed operation not yet linearized, the pending and the
  // later completed operations linearized (all within the window of operations open before that
  // first one returned: just in time, nothing after it could go first), then the model's state.
  const std::vector<uint32_t>& key(const LockState& state) {
    const auto count = static_cast<uint32_t>(ops_.size());
    while (firstOpen_ < count && (linearized_[firstOpen_] || ops_[firstOpen_].pending()))
      ++firstOpen_;
    key_.clear();
    key_.push_back(firstOpen_);
    for (uint32_t id : pendingIds_) {
      if (linearized_[id]) key_.push_back(id);
    }
    if (firstOpen_ < count) {
      const uint64_t window = ops_[firstOpen_].returnedAt;
      for (uint32_t id = firstOpen_ + 1; id < count && ops_[id].invokedAt <= window; ++id) {
        if (linearized_[id] && !ops_[id].pending()) key_.push_back(id);
      }
    }
    key_.push_back(UINT32_MAX);
    for (const Holder& holder : state) {
      key_.push_back(holder.client);
      key_.push_back(static_cast<uint32_t>(holder.holds.size()));
      for (HoldMode mode : holder.holds) key_.push_back(static_cast<uint32_t>(mode));
    }
    return key_;
  }

  std::vector<HistoryOp> ops_;
  size_t budget_;
  std::vector<bool> linearized_;
  std::vector<uint32_t> pendingIds_;
  std::vector<Entry> list_;
  uint32_t tail_ = 0;
  uint32_t firstOpen_ = 0;
  std::vector<uint32_t> key_;
  std::unordered_set<std::vector<uint32_t>, KeyHash> seen_;
};

bool fails(const std::vector<HistoryOp>& ops) {
  return checkLinearizable(ops) == LinearizabilityOutcome::NotLinearizable;
}

// The history as it stood at position `at`: what had been invoked, and what had not returned by
// then still pending.
std::vector<HistoryOp> prefixAt(const std::vector<HistoryOp>& ops, uint64_t at) {
  std::vector<HistoryOp> prefix;
  for (HistoryOp op : ops) {
    if (op.invokedAt > at) continue;
    if (!op.pending() && op.returnedAt > at) op.returnedAt = HistoryOp::kNever;
    prefix.push_back(op);
  }
  return prefix;
}

// Each client's holds: its operations from holding nothing back to holding nothing (a release
// or crash without a hold is one on its own). Dropping a whole hold leaves a history each client
// could have made; dropping half of one would invent a release or a hold that never ended.
std::vector<std::vector<size_t>> holdsOf(const std::vector<HistoryOp>& ops) {
  std::vector<std::vector<size_t>> units;
  struct Open {
    size_t unit = SIZE_MAX;
    size_t depth = 0;
  };
  std::vector<Open> open;
  for (size_t index = 0; index < ops.size(); ++index) {
    const HistoryOp& op = ops[index];
    if (op.client >= open.size()) open.resize(op.client + 1);
    Open& client = open[op.client];
    if (client.unit == SIZE_MAX) {
      client.unit = units.size();
      units.emplace_back();
    }
    units[client.unit].push_back(index);
    if (op.kind == LockOpKind::Acquire) ++client.depth;
    else if (op.kind == LockOpKind::Release && client.depth > 0) --client.depth;
    else client.depth = 0;
    if (client.depth == 0) client.unit = SIZE_MAX;
  }
  return units;
}

std::vector<HistoryOp> gather(const std::vector<HistoryOp>& ops,
                              const std::vector<std::vector<size_t>>& units) {
  std::vector<HistoryOp> kept;
  for (const auto& unit : units) {
    for (size_t index : unit) kept.push_back(ops[index]);
  }
  std::sort(kept.begin(), kept.end(), byInvocation);
  return kept;
}

// Delta debugging over the holds: drop large runs of them first, then smaller ones, keeping each
// drop after which the history still fails.
std::vector<HistoryOp> dropHolds(const std::vector<HistoryOp>& ops) {
  std::vector<std::vector<size_t>> units = holdsOf(ops);
  for (size_t chunk = std::max<size_t>(units.size() / 2, 1);; chunk /= 2) {
    for (size_t start = 0; start < units.size() && units.size() > 1;) {
      std::vector<std::vector<size_t>> rest(units.begin(), units.begin() + start);
      rest.insert(rest.end(), units.begin() + std::min(start + chunk, units.size()), units.end());
      if (fails(gather(ops, rest))) units = std::move(rest);
      else start += chunk;
    }
    if (chunk == 1) break;
  }
  return gather(ops, units);
}

// A release or crash invoked after everything else returned changes nothing about what happened
// between the others: drop it when the rest still fails, so the witness is the overlap itself.
std::vector<HistoryOp> dropTrailingReleases(std::vector<HistoryOp> ops) {
  for (bool dropped = true; dropped;) {
    dropped = false;
    for (size_t index = ops.size(); index-- > 0 && !dropped;) {
      if (ops[index].kind == LockOpKind::Acquire) continue;
      bool last = true;
      for (size_t other = 0; other < ops.size(); ++other) {
        if (other != index && ops[other].returnedAt >= ops[index].invokedAt) last = false;
      }
      if (!last) continue;
      std::vector<HistoryOp> rest = ops;
      rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(index));
      if (fails(rest)) {
        ops = std::move(rest);
        dropped = true;
      }
    }
  }
  return ops;
}

}  // namespace

LinearizabilityOutcome checkLinearizable(std::vector<HistoryOp> ops, size_t budget) {
  return Search(std::move(ops), budget).run();
}

std::vector<HistoryOp> minimalWitness(const std::vector<HistoryOp>& failing) {
  std::vector<HistoryOp> ops = failing;
  std::sort(ops.begin(), ops.end(), byInvocation);
  // The first return by which the history had already failed (failing is prefix-closed: once a
  // prefix fails, every longer one does), then only the holds begun by then.
  std::vector<uint64_t> returns;
  for (const HistoryOp& op : ops) {
    if (!op.pending()) returns.push_back(op.returnedAt);
  }
  std::sort(returns.begin(), returns.end());
  size_t low = 0;
  size_t high = returns.size();  // returns[high - 1] fails (the whole history does)
  while (high - low > 1) {
    const size_t middle = low + (high - low) / 2;
    if (fails(prefixAt(ops, returns[middle - 1]))) high = middle;
    else low = middle;
  }
  if (!returns.empty()) {
    const uint64_t failedBy = returns[high - 1];
    std::vector<std::vector<size_t>> begun;
    for (auto& unit : holdsOf(ops)) {
      if (ops[unit.front()].invokedAt <= failedBy) begun.push_back(std::move(unit));
    }
    ops = gather(ops, begun);
  }
  return dropTrailingReleases(dropHolds(ops));
}

}  // namespace lockscope::checkers
