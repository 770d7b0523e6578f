// Each lock's history of operations, read from the trace as it streams, and checked for
// linearizability (linearizability.h) piece by piece. Per lock (P-compositionality: a history of
// several locks is linearizable iff each lock's is), and per lock cut wherever no operation is
// open and nobody holds it: the pieces then follow one another from a free lock, so each is
// checked alone and forgotten, and memory stays with the open piece, as the other checkers'.
// A lock that is never free (a crowd waiting in turn) is cut too, where one client holds it
// exclusively once (its acquire returned, no release begun) and every open operation is an
// acquire of a client holding nothing: in every linearization that holder holds there, so no
// waiting acquire can take effect before it. The piece before is checked; the holder's acquire
// and the waiting acquires open the next piece (see cutUnderContention()).
//
// The operations, for the client that names them:
//   acquire(c)  from `acquiring` to `acquired` (an `acquired` with no `acquiring` is an instant);
//               one that timed out or failed never took the lock and is left out
//   release(c)  from `releasing` to `released` (a `released` alone is an instant)
//   drop(c)     c's process crashed or c is `done`: the client holds nothing after it, as
//               lock_holders.h says. Its open acquire is left out (it ended with the client);
//               its open release returns there.
// An expired session is not a release: the server let go, the client still believes it holds
// and acts on it, so two acquires that both returned with no release between do not linearize.
#pragma once

#include <deque>
#include <map>
#include <string>
#include <vector>

#include "client_names.h"
#include "linearizability.h"
#include "run_verdict.h"

namespace lockscope::checkers {

class LockHistory {
 public:
  // `position`: the event's place in the trace (increasing).
  void onEvent(const sim::TraceEvent& event, ClientId actor, uint64_t position);
  // Checks what is left open at the end of the run.
  void finish();

  size_t operations() const { return operations_; }
  LinearizabilityOutcome outcome() const { return outcome_; }
  // A 1-minimal failing sub-history when outcome() is NotLinearizable.
  const std::vector<HistoryOp>& witness() const { return witness_; }

 private:
  struct Client {
    size_t openAcquire = SIZE_MAX;    // index into piece_
    std::deque<size_t> openReleases;  // indices into piece_, oldest first
    size_t depth = 0;                 // holds, by the client's own operations
    size_t lastAcquired = SIZE_MAX;   // index into piece_ of its latest returned acquire
  };

  size_t invoke(LockOpKind kind, const sim::TraceEvent& event, ClientId actor, uint64_t position);
  void complete(size_t index, const sim::TraceEvent& event, uint64_t position);
  void leaveOut(size_t index);
  void setDepth(Client& client, size_t depth);
  void endClient(Client& client, const sim::TraceEvent& event, ClientId actor, uint64_t position);
  void checkPieceIfQuiet();
  void checkPiece();
  void cutUnderContention();
  void check(const std::vector<HistoryOp>& ops);

  std::vector<HistoryOp> piece_;
  std::vector<bool> leftOut_;
  PerClient<Client> clients_;
  size_t open_ = 0;     // operations of the piece invoked and not returned
  size_t holders_ = 0;  // clients whose depth is above zero
  size_t operations_ = 0;
  // Piece size at which a cut under contention is tried next (it scans the clients, so not at
  // every event).
  size_t nextContendedCut_ = kContendedCutEvery;
  static constexpr size_t kContendedCutEvery = 1024;
  LinearizabilityOutcome outcome_ = LinearizabilityOutcome::Linearizable;
  std::vector<HistoryOp> witness_;
};

// The histories of every lock of a run: one lock, or with `lockPathsOfClient` (JudgeOptions) each
// client's events in the history of every lock path it takes.
class LockHistories {
 public:
  explicit LockHistories(std::map<std::string, std::vector<std::string>> lockPathsOfClient);

  // Lock and process events with their actor; others are ignored.
  void onEvent(const sim::TraceEvent& event, ClientId actor, const ClientNames& names);
  LinearizabilityVerdict finish(const ClientNames& names);

 private:
  std::map<std::string, std::vector<std::string>> lockPathsOfClient_;
  std::map<std::string, LockHistory> locks_;
  uint64_t position_ = 0;
};

}  // namespace lockscope::checkers
