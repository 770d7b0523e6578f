#include "linearizability.h"

#include <algorithm>
#include <set>
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

// Whether the model allows `op` in `state`.
bool allows(const LockState& state, const HistoryOp& op) {
  switch (op.kind) {
    case LockOpKind::Acquire:
      for (const Holder& other : state) {
        if (other.client == op.client) continue;
        for (HoldMode mode : other.holds) {
          if (conflict(mode, op.mode)) return false;
        }
      }
      return true;
    case LockOpKind::Release:
      return std::any_of(state.begin(), state.end(),
                         [&op](const Holder& holder) { return holder.client == op.client; });
    case LockOpKind::Drop: return true;
  }
  return false;
}

// Applies `op`, which the model allows, to `state`.
void takeEffect(LockState& state, const HistoryOp& op) {
  auto own = std::lower_bound(
      state.begin(), state.end(), op.client,
      [](const Holder& holder, ClientId client) { return holder.client < client; });
  const bool holds = own != state.end() && own->client == op.client;
  switch (op.kind) {
    case LockOpKind::Acquire:
      if (!holds) own = state.insert(own, Holder{op.client, {}});
      own->holds.push_back(op.mode);
      return;
    case LockOpKind::Release: {
      auto hold = std::find(own->holds.rbegin(), own->holds.rend(), op.mode);
      if (hold == own->holds.rend()) hold = own->holds.rbegin();
      own->holds.erase(std::next(hold).base());
      if (own->holds.empty()) state.erase(own);
      return;
    }
    case LockOpKind::Drop:
      if (holds) state.erase(own);
      return;
  }
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
      else byReturn_.push_back(id);
    }
    std::sort(byReturn_.begin(), byReturn_.end(), [this](uint32_t a, uint32_t b) {
      return ops_[a].returnedAt != ops_[b].returnedAt ? ops_[a].returnedAt < ops_[b].returnedAt
                                                      : a < b;
    });
    returnRank_.assign(ops_.size(), 0);
    for (uint32_t rank = 0; rank < byReturn_.size(); ++rank) returnRank_[byReturn_[rank]] = rank;
    buildList();
  }

  // After run() found no linearization: the furthest return that no configuration got past. The
  // history up to it (what returned later still pending) is the shortest failing prefix: every
  // shorter one was got past, so it linearizes.
  uint64_t stuckAt() const { return stuckAt_; }

  // Each configuration tries first the operation whose return is the first left in the list:
  // nothing gets past that return until it takes effect, and for a lock it is nearly always the
  // one to take effect next, so a crowd of waiters is not tried one by one. Then the others, in
  // list order.
  LinearizabilityOutcome run() {
    LockState state;
    struct Frame {
      uint32_t call;
      LockState before;
    };
    std::vector<Frame> stack;
    uint32_t first = firstReturnsCall();
    bool tryFirst = first != tail_;
    uint32_t node = list_[kHead].next;
    for (size_t steps = 0;; ++steps) {
      if (steps > budget_) return LinearizabilityOutcome::Undecided;
      uint32_t call = first;
      if (tryFirst) {
        tryFirst = false;
      } else {
        if (node == tail_) return LinearizabilityOutcome::Linearizable;
        const Entry& entry = list_[node];
        if (!entry.call) {
          // Every completed operation is linearized once only pending returns are left.
          if (ops_[entry.op].pending()) return LinearizabilityOutcome::Linearizable;
          stuckAt_ = std::max(stuckAt_, ops_[entry.op].returnedAt);
          if (stack.empty()) return LinearizabilityOutcome::NotLinearizable;
          Frame frame = std::move(stack.back());
          stack.pop_back();
          unlift(frame.call);
          unmark(list_[frame.call].op);
          state = std::move(frame.before);
          first = firstReturnsCall();
          node = frame.call == first ? list_[kHead].next : list_[frame.call].next;
          continue;
        }
        call = node;
        node = entry.next;
        if (call == first) continue;  // tried first
      }
      const HistoryOp& op = ops_[list_[call].op];
      if (!allows(state, op)) continue;
      LockState after = state;
      takeEffect(after, op);
      mark(list_[call].op);
      if (!seen_.insert(key(after)).second) {
        unmark(list_[call].op);
        continue;
      }
      stack.push_back({call, std::move(state)});
      state = std::move(after);
      lift(call);
      first = firstReturnsCall();
      tryFirst = first != tail_;
      node = list_[kHead].next;
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

  // The call of the operation whose return comes first in the list; tail_ when none is left.
  uint32_t firstReturnsCall() const {
    uint32_t node = list_[kHead].next;
    while (node != tail_ && list_[node].call) node = list_[node].next;
    return node == tail_ ? tail_ : list_[node].match;
  }

  void mark(uint32_t op) {
    linearized_[op] = true;
    if (!ops_[op].pending()) linearizedRanks_.insert(returnRank_[op]);
  }
  void unmark(uint32_t op) {
    linearized_[op] = false;
    if (ops_[op].pending()) return;
    linearizedRanks_.erase(returnRank_[op]);
    firstOpen_ = std::min(firstOpen_, returnRank_[op]);
  }

  // The configuration. Every completed operation whose return the search got past is linearized,
  // so the set is named by the first completed operation, in order of return, not linearized yet,
  // then those linearized ahead of it (taking effect before it returned, in its window: a few)
  // and the pending ones linearized; then the model's state.
  const std::vector<uint32_t>& key(const LockState& state) {
    const auto completed = static_cast<uint32_t>(byReturn_.size());
    while (firstOpen_ < completed && linearized_[byReturn_[firstOpen_]]) ++firstOpen_;
    key_.clear();
    key_.push_back(firstOpen_);
    key_.insert(key_.end(), linearizedRanks_.upper_bound(firstOpen_), linearizedRanks_.end());
    key_.push_back(UINT32_MAX);
    for (uint32_t id : pendingIds_) {
      if (linearized_[id]) key_.push_back(id);
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
  std::set<uint32_t> linearizedRanks_;  // return ranks of the completed operations linearized
  std::vector<uint32_t> byReturn_;      // the completed operations in order of return
  std::vector<uint32_t> returnRank_;    // an operation's place in byReturn_
  std::vector<uint32_t> pendingIds_;
  std::vector<Entry> list_;
  uint32_t tail_ = 0;
  uint32_t firstOpen_ = 0;
  uint64_t stuckAt_ = 0;
  std::vector<uint32_t> key_;
  std::unordered_set<std::vector<uint32_t>, KeyHash> seen_;
};

bool fails(const std::vector<HistoryOp>& ops) {
  return checkLinearizable(ops) == LinearizabilityOutcome::NotLinearizable;
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
  // Only the holds begun by the first return at which the history had failed.
  Search search(ops, kDefaultSearchBudget);
  if (search.run() == LinearizabilityOutcome::NotLinearizable) {
    std::vector<std::vector<size_t>> begun;
    for (auto& unit : holdsOf(ops)) {
      if (ops[unit.front()].invokedAt <= search.stuckAt()) begun.push_back(std::move(unit));
    }
    ops = gather(ops, begun);
  }
  return dropTrailingReleases(dropHolds(ops));
}

}  // namespace lockscope::checkers
