#include "lock_history.h"

namespace lockscope::checkers {

void LockHistory::onEvent(const sim::TraceEvent& event, ClientId actor, uint64_t position) {
  Client& client = clients_[actor];
  if (isProcess(event, sim::ProcessOp::Crashed)) {
    endClient(client, event, actor, position);
  } else if (const auto lockOp = event.op.as<sim::LockOp>()) {
    switch (*lockOp) {
      case sim::LockOp::Acquiring:
        // A client that starts again without an answer gave the first attempt up.
        if (client.openAcquire != SIZE_MAX) leaveOut(client.openAcquire);
        client.openAcquire = invoke(LockOpKind::Acquire, event, actor, position);
        break;
      case sim::LockOp::Acquired: {
        size_t index = client.openAcquire;
        if (index == SIZE_MAX) index = invoke(LockOpKind::Acquire, event, actor, position);
        client.openAcquire = SIZE_MAX;
        piece_[index].mode = holdModeOf(event.value);
        complete(index, event, position);
        client.lastAcquired = index;
        setDepth(client, client.depth + 1);
        break;
      }
      case sim::LockOp::TimedOut:
      case sim::LockOp::Failed:
        if (client.openAcquire != SIZE_MAX) leaveOut(client.openAcquire);
        client.openAcquire = SIZE_MAX;
        break;
      case sim::LockOp::Releasing:
        client.openReleases.push_back(invoke(LockOpKind::Release, event, actor, position));
        setDepth(client, client.depth > 0 ? client.depth - 1 : 0);
        break;
      case sim::LockOp::Released:
        if (!client.openReleases.empty()) {
          complete(client.openReleases.front(), event, position);
          client.openReleases.pop_front();
        } else {
          complete(invoke(LockOpKind::Release, event, actor, position), event, position);
          setDepth(client, client.depth > 0 ? client.depth - 1 : 0);
        }
        break;
      case sim::LockOp::Done: endClient(client, event, actor, position); break;
      case sim::LockOp::Revoked: break;  // a request to the holder; it releases, or not
    }
  }
  checkPieceIfQuiet();
}

void LockHistory::finish() {
  if (!piece_.empty()) checkPiece();
}

size_t LockHistory::invoke(LockOpKind kind, const sim::TraceEvent& event, ClientId actor,
                           uint64_t position) {
  HistoryOp op;
  op.kind = kind;
  op.mode = holdModeOf(event.value);
  op.client = actor;
  op.invokedAt = position;
  op.invokedTime = event.time;
  piece_.push_back(op);
  leftOut_.push_back(false);
  ++open_;
  ++operations_;
  return piece_.size() - 1;
}

void LockHistory::complete(size_t index, const sim::TraceEvent& event, uint64_t position) {
  piece_[index].returnedAt = position;
  piece_[index].returnedTime = event.time;
  --open_;
}

void LockHistory::leaveOut(size_t index) {
  leftOut_[index] = true;
  --open_;
  --operations_;
}

void LockHistory::setDepth(Client& client, size_t depth) {
  if (client.depth == 0 && depth > 0) ++holders_;
  if (client.depth > 0 && depth == 0) --holders_;
  client.depth = depth;
}

void LockHistory::endClient(Client& client, const sim::TraceEvent& event, ClientId actor,
                            uint64_t position) {
  const bool hadAny = client.depth > 0 || client.openAcquire != SIZE_MAX ||
                      !client.openReleases.empty();
  if (client.openAcquire != SIZE_MAX) leaveOut(client.openAcquire);
  client.openAcquire = SIZE_MAX;
  for (size_t index : client.openReleases) complete(index, event, position);
  client.openReleases.clear();
  if (!hadAny) return;
  complete(invoke(LockOpKind::Drop, event, actor, position), event, position);
  setDepth(client, 0);
}

void LockHistory::checkPieceIfQuiet() {
  if (piece_.empty()) return;
  if (open_ == 0 && holders_ == 0) {
    checkPiece();
  } else if (holders_ == 1 && piece_.size() >= nextContendedCut_) {
    cutUnderContention();
  }
}

void LockHistory::checkPiece() {
  std::vector<HistoryOp> ops;
  for (size_t index = 0; index < piece_.size(); ++index) {
    if (!leftOut_[index]) ops.push_back(piece_[index]);
  }
  check(ops);
  piece_.clear();
  leftOut_.clear();
  for (size_t id = 0; id < clients_.size(); ++id)
    clients_[static_cast<ClientId>(id)].lastAcquired = SIZE_MAX;
  nextContendedCut_ = kContendedCutEvery;
}

void LockHistory::check(const std::vector<HistoryOp>& ops) {
  if (outcome_ == LinearizabilityOutcome::NotLinearizable) return;
  const LinearizabilityOutcome outcome = checkLinearizable(ops);
  if (outcome == LinearizabilityOutcome::NotLinearizable) witness_ = minimalWitness(ops);
  if (outcome != LinearizabilityOutcome::Linearizable) outcome_ = outcome;
}

// Why the cut is sound: the holder h's acquire returned and h has begun no release, so in every
// linearization h holds from a point before now to one after. A waiting client c has not heard
// back, so it cannot have released since: had its acquire taken effect before now, c would hold
// beside h. So every open acquire takes effect after now, the ops before now are a history of
// their own ending with h holding once, and the next piece starts from there: h's acquire, kept
// as it was (it returned before every op of the next piece but the waiting acquires, which can
// only follow it), then the waiting acquires and whatever comes.
void LockHistory::cutUnderContention() {
  nextContendedCut_ = piece_.size() + kContendedCutEvery;
  ClientId holder = kNoClient;
  size_t waiting = 0;
  for (size_t id = 0; id < clients_.size(); ++id) {
    const Client& client = clients_[static_cast<ClientId>(id)];
    if (!client.openReleases.empty()) return;
    if (client.depth > 0) {
      if (client.depth != 1 || client.openAcquire != SIZE_MAX || client.lastAcquired == SIZE_MAX ||
          piece_[client.lastAcquired].mode == HoldMode::Read) {
        return;
      }
      holder = static_cast<ClientId>(id);
    } else if (client.openAcquire != SIZE_MAX) {
      ++waiting;
    }
  }
  if (holder == kNoClient || waiting != open_) return;

  std::vector<HistoryOp> before;
  std::vector<HistoryOp> next;
  std::vector<size_t> newIndex(piece_.size(), SIZE_MAX);
  const size_t held = clients_[holder].lastAcquired;
  for (size_t index = 0; index < piece_.size(); ++index) {
    if (leftOut_[index]) continue;
    const bool waitingAcquire = piece_[index].pending();
    if (!waitingAcquire) before.push_back(piece_[index]);
    if (waitingAcquire || index == held) {
      newIndex[index] = next.size();
      next.push_back(piece_[index]);
    }
  }
  check(before);
  for (size_t id = 0; id < clients_.size(); ++id) {
    Client& client = clients_[static_cast<ClientId>(id)];
    if (client.openAcquire != SIZE_MAX) client.openAcquire = newIndex[client.openAcquire];
    client.lastAcquired = client.lastAcquired == SIZE_MAX ? SIZE_MAX
                                                          : newIndex[client.lastAcquired];
  }
  piece_ = std::move(next);
  leftOut_.assign(piece_.size(), false);
  nextContendedCut_ = piece_.size() + kContendedCutEvery;
}

LockHistories::LockHistories(std::map<std::string, std::vector<std::string>> lockPathsOfClient)
    : lockPathsOfClient_(std::move(lockPathsOfClient)) {}

void LockHistories::onEvent(const sim::TraceEvent& event, ClientId actor,
                            const ClientNames& names) {
  if (actor == kNoClient ||
      (event.kind != sim::TraceKind::Lock && !isProcess(event, sim::ProcessOp::Crashed))) {
    return;
  }
  ++position_;
  if (lockPathsOfClient_.empty()) {
    locks_[""].onEvent(event, actor, position_);
    return;
  }
  const auto locked = lockPathsOfClient_.find(names.name(actor));
  if (locked == lockPathsOfClient_.end()) return;
  for (const std::string& path : locked->second) locks_[path].onEvent(event, actor, position_);
}

namespace {

const char* opName(LockOpKind kind) {
  switch (kind) {
    case LockOpKind::Acquire: return "acquire";
    case LockOpKind::Release: return "release";
    case LockOpKind::Drop: return "crash or done";
  }
  return "";
}

}  // namespace

LinearizabilityVerdict LockHistories::finish(const ClientNames& names) {
  LinearizabilityVerdict verdict;
  verdict.outcome = LinearizabilityVerdict::Outcome::Linearizable;
  for (auto& [path, history] : locks_) {
    history.finish();
    if (history.operations() == 0) continue;
    ++verdict.locks;
    verdict.operations += history.operations();
    if (history.outcome() == LinearizabilityOutcome::Undecided &&
        verdict.outcome == LinearizabilityVerdict::Outcome::Linearizable) {
      verdict.outcome = LinearizabilityVerdict::Outcome::Undecided;
    }
    if (history.outcome() != LinearizabilityOutcome::NotLinearizable ||
        verdict.outcome == LinearizabilityVerdict::Outcome::NotLinearizable) {
      continue;
    }
    verdict.outcome = LinearizabilityVerdict::Outcome::NotLinearizable;
    verdict.lock = path;
    for (const HistoryOp& op : history.witness()) {
      verdict.witness.push_back({opName(op.kind), names.name(op.client), holdModeName(op.mode),
                                 op.invokedTime, op.returnedTime, op.pending()});
    }
  }
  return verdict;
}

}  // namespace lockscope::checkers
