#include "statement_sync.h"

#include <algorithm>

#include "lock_waits.h"

namespace lockscope::live::database {
namespace {

// A statement that does not block is answered within a loopback round trip and the server's work
// (a COMMIT's fsync): the server is asked only about one older than this, and then no more often
// than its answers change (lockWaitsRefreshInterval). Asking means a short connection of its own,
// a few milliseconds.
constexpr auto kFirstQuestionAfter = std::chrono::milliseconds(2);

}  // namespace

StatementSync::StatementSync(sim::World& world, LiveDatabaseConnector& connector)
    : world_(world), connector_(connector) {}

bool StatementSync::mustHold() {
  if (serverSilent_) return false;
  const Clock::time_point now = Clock::now();
  std::map<const LiveSqlClient*, OnTheWire> seen;
  bool unresolved = false, askable = false;
  for (const std::shared_ptr<LiveSqlClient>& connection : connector_.connections()) {
    const uint64_t statement = connection->statementOnTheWire();
    if (statement == 0) continue;
    OnTheWire entry{.statement = statement, .since = now};
    if (const auto known = onTheWire_.find(connection.get());
        known != onTheWire_.end() && known->second.statement == statement)
      entry = known->second;
    if (!entry.waiting && !entry.letGo && now - entry.since > kLetGoAfter) {
      entry.letGo = true;
      note(connection->clientName() + "'s statement was neither answered nor waiting for a lock " +
           "after 2 s: the run goes on without it");
    }
    if (!entry.waiting && !entry.letGo) {
      unresolved = true;
      askable = askable ||
                (connection->serverSession() != 0 && now - entry.since >= kFirstQuestionAfter);
    }
    seen.emplace(connection.get(), entry);
  }
  onTheWire_ = std::move(seen);
  if (!unresolved) return false;
  if (askable && now >= nextQuestion_ && !askTheServer(now)) return false;
  return std::any_of(onTheWire_.begin(), onTheWire_.end(),
                     [](const auto& item) { return !item.second.waiting && !item.second.letGo; });
}

bool StatementSync::askTheServer(Clock::time_point now) {
  nextQuestion_ = now + lockWaitsRefreshInterval(connector_.target().dialect);
  const auto waiting = sessionsWaitingForLocks(connector_.target());
  if (!waiting) {
    serverSilent_ = true;
    note("the server does not say which sessions wait for a lock (" + waiting.message() +
         "): statements are no longer synced, and two close steps may race");
    return false;
  }
  for (const std::shared_ptr<LiveSqlClient>& connection : connector_.connections()) {
    const auto entry = onTheWire_.find(connection.get());
    if (entry == onTheWire_.end()) continue;
    const int64_t session = connection->serverSession();
    if (session != 0 && std::find(waiting->begin(), waiting->end(), session) != waiting->end())
      entry->second.waiting = true;
  }
  return true;
}

void StatementSync::note(const std::string& text) {
  world_.record({.kind = sim::TraceKind::Note, .actor = "world", .detail = "live: " + text});
}

}  // namespace lockscope::live::database
