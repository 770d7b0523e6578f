#include "database_stage.h"

#include <algorithm>
#include <set>

namespace lockscope::gui {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == ',')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == ',')) text.remove_suffix(1);
  return text;
}

}  // namespace

DatabaseShape databaseShapeOf(const RecordedTrace& trace) {
  DatabaseShape shape;
  std::vector<std::string> seen;
  // Every row and gap a table's events name: an upper bound of what it shows at once.
  std::map<std::string, std::set<std::string>> named;
  for (const StoredEvent& event : trace.events()) {
    const bool sql = event.op.is<sim::SqlOp>();
    if (event.kind != sim::TraceKind::Row && event.kind != sim::TraceKind::RowLock &&
        event.kind != sim::TraceKind::Transaction && !sql)
      continue;
    shape.database = true;
    const std::string_view path = trace.text(event.path);
    if (path.empty() || sql) continue;
    if (path.rfind("advisory/", 0) == 0) {
      shape.advisory = true;
      continue;
    }
    auto [table, key] = DatabaseStage::splitRowName(path);
    named[table].insert(std::string(path));
    if (std::find(seen.begin(), seen.end(), table) == seen.end()) seen.push_back(std::move(table));
  }
  // The schema's order (sql_tables.h), whatever order the run touched them in.
  for (const char* table : {"locks", "inventory", "fence_tokens"}) {
    if (std::find(seen.begin(), seen.end(), table) != seen.end()) shape.tables.emplace_back(table);
  }
  for (const std::string& table : seen) {
    if (std::find(shape.tables.begin(), shape.tables.end(), table) == shape.tables.end())
      shape.tables.push_back(table);
  }
  for (const auto& [table, rows] : named) shape.mostRows = std::max(shape.mostRows, rows.size());
  return shape;
}

bool LockOnStage::heldBy(int client) const {
  return std::any_of(holders.begin(), holders.end(),
                     [client](const Holder& holder) { return holder.client == client; });
}

bool LockOnStage::awaitedBy(int client) const {
  return std::any_of(waiters.begin(), waiters.end(),
                     [client](const Waiter& waiter) { return waiter.client == client; });
}

std::pair<std::string, std::string> DatabaseStage::splitRowName(std::string_view name) {
  if (name.rfind("gap:", 0) == 0) name.remove_prefix(4);
  const size_t slash = name.find('/');
  if (slash == std::string_view::npos) return {std::string(name), std::string()};
  return {std::string(name.substr(0, slash)), std::string(name.substr(slash + 1))};
}

std::vector<int> DatabaseStage::clientsNamed(std::string_view list, const RunCast& cast) {
  // Names are separated by ", " (a queue) or " -> " (a cycle); anything else is not a client.
  std::vector<int> out;
  while (!list.empty()) {
    size_t end = list.find_first_of(",>");
    std::string_view word = list.substr(0, end);
    if (end != std::string_view::npos && list[end] == '>' && !word.empty() && word.back() == '-')
      word.remove_suffix(1);
    word = trimmed(word);
    if (!word.empty()) {
      if (const int client = cast.clientOfName(std::string(word)); client != kNoClient)
        out.push_back(client);
    }
    if (end == std::string_view::npos) break;
    list.remove_prefix(end + 1);
  }
  return out;
}

const SqlClientOnStage* DatabaseStage::client(int client) const {
  const auto found = clients_.find(client);
  return found == clients_.end() ? nullptr : &found->second;
}

void DatabaseStage::apply(const StoredEvent& event, const RecordedTrace& trace,
                          const RunCast& cast) {
  const int client = cast.clientOfActor(event.actor);
  switch (event.kind) {
    case sim::TraceKind::Row: applyRow(client, event, trace); break;
    case sim::TraceKind::RowLock: applyLock(client, event, trace, cast); break;
    case sim::TraceKind::Transaction: applyTransaction(client, event, trace); break;
    case sim::TraceKind::Request:
    case sim::TraceKind::Reply:
      if (event.op.is<sim::SqlOp>() && client != kNoClient) applyStatement(client, event, trace);
      break;
    default: break;
  }
}

void DatabaseStage::applyRow(int client, const StoredEvent& event, const RecordedTrace& trace) {
  seen_ = true;
  const auto [table, key] = splitRowName(trace.text(event.path));
  RowOnStage& row = tables_[table][key];
  const std::string value(trace.text(event.value));
  row.lastOp = event.op;
  if (event.op == sim::RowOp::Restored) {
    // A rollback puts the committed row back: now we know it ("" when there was none).
    row.committedKnown = true;
    row.committed = value;
    row.changed = false;
    row.pending.clear();
    row.writer = kNoClient;
    row.writerTransaction = 0;
    return;
  }
  row.changed = true;
  row.pending = event.op == sim::RowOp::Deleted ? std::string() : value;
  row.writer = client;
  row.writerTransaction = event.zxid;
  if (event.op == sim::RowOp::Inserted && !row.committedKnown) {
    // An insert succeeds only where no committed row is: it had none.
    row.committedKnown = true;
    row.committed.clear();
  }
  if (client == kNoClient) return;
  // A change outside BEGIN runs in an implicit transaction of its own, open until its commit.
  SqlClientOnStage& connection = clients_[client];
  if (connection.transaction != event.zxid || !connection.open) {
    connection.transaction = event.zxid;
    connection.open = true;
    connection.explicitly = false;
    connection.aborted = false;
    connection.abortedWhy.clear();
  }
}

void DatabaseStage::applyLock(int client, const StoredEvent& event, const RecordedTrace& trace,
                              const RunCast& cast) {
  seen_ = true;
  const std::string name(trace.text(event.path));
  const std::string mode(trace.text(event.value));
  if (name.empty() || client == kNoClient) return;
  if (name.rfind("advisory/", 0) != 0) {
    // The row's table is on the stage from its first lock, even before any row of it changes.
    const auto [table, key] = splitRowName(name);
    if (name.rfind("gap:", 0) != 0) tables_[table][key];
    else tables_[table];
  }
  LockOnStage& lock = locks_[name];
  auto dropWaiter = [&lock, client] {
    std::erase_if(lock.waiters,
                  [client](const LockOnStage::Waiter& waiter) { return waiter.client == client; });
  };
  const auto op = event.op.as<sim::RowLockOp>();
  if (!op) return;
  switch (*op) {
    case sim::RowLockOp::Waiting: {
      dropWaiter();
      std::string_view detail = trace.text(event.detail);
      if (detail.rfind("behind ", 0) == 0) detail.remove_prefix(7);
      lock.waiters.push_back({client, mode, clientsNamed(detail, cast)});
      break;
    }
    case sim::RowLockOp::Granted: {
      dropWaiter();
      const auto held = std::find_if(
          lock.holders.begin(), lock.holders.end(),
          [client](const LockOnStage::Holder& holder) { return holder.client == client; });
      // A second grant to the same holder is an upgrade (share, then update): the stronger shows.
      if (held == lock.holders.end()) lock.holders.push_back({client, mode});
      else if (mode == "update") held->mode = mode;
      break;
    }
    case sim::RowLockOp::Released:
      std::erase_if(lock.holders, [client](const LockOnStage::Holder& holder) {
        return holder.client == client;
      });
      break;
    case sim::RowLockOp::TimedOut: dropWaiter(); break;
    case sim::RowLockOp::Victim:
      dropWaiter();
      deadlock_ = DeadlockOnStage{.cycle =
                                      [&] {
                                        std::string_view detail = trace.text(event.detail);
                                        if (detail.rfind("cycle ", 0) == 0) detail.remove_prefix(6);
                                        return clientsNamed(detail, cast);
                                      }(),
                                  .victim = client,
                                  .lock = name,
                                  .at = event.time};
      break;
    case sim::RowLockOp::Refused:
    case sim::RowLockOp::Skipped: break;  // never queued: nothing on the lock changes
  }
  if (lock.empty()) locks_.erase(name);
}

void DatabaseStage::applyTransaction(int client, const StoredEvent& event,
                                     const RecordedTrace& trace) {
  seen_ = true;
  const auto op = event.op.as<sim::TransactionOp>();
  if (!op || client == kNoClient) return;
  SqlClientOnStage& connection = clients_[client];
  switch (*op) {
    case sim::TransactionOp::Began:
      connection.transaction = event.zxid;
      connection.open = true;
      connection.explicitly = true;
      connection.aborted = false;
      connection.abortedWhy.clear();
      break;
    case sim::TransactionOp::Committed:
      settle(event.zxid, true);
      if (connection.transaction == event.zxid) connection.open = false;
      break;
    case sim::TransactionOp::RolledBack:
      settle(event.zxid, false);
      if (connection.transaction == event.zxid) connection.open = false;
      break;
    case sim::TransactionOp::Aborted:
      settle(event.zxid, false);
      connection.transaction = event.zxid;
      connection.aborted = true;
      connection.abortedWhy = std::string(trace.text(event.detail));
      // PostgreSQL keeps an explicit transaction open, refusing everything until ROLLBACK; an
      // implicit one, and InnoDB's after a deadlock or timeout, end here (a later BEGIN or
      // change opens the next, and the "aborted" stays to be read until then).
      connection.open = connection.explicitly && connection.postgres;
      break;
    case sim::TransactionOp::SessionEnded:
      settle(event.zxid, false);
      connection.open = false;
      connection.inFlight = false;
      connection.sessionEnded = true;
      connection.endedWhy = std::string(trace.text(event.detail));
      if (connection.aborted == false && event.zxid != 0) {
        connection.aborted = true;
        connection.abortedWhy = std::string(trace.text(event.detail));
      }
      // The server dropped its waits without an event (LockManager::cancelWait).
      forgetWaits(client);
      break;
  }
}

void DatabaseStage::applyStatement(int client, const StoredEvent& event,
                                   const RecordedTrace& trace) {
  SqlClientOnStage& connection = clients_[client];
  if (event.kind == sim::TraceKind::Request) {
    connection.statement = std::string(sim::name(event.op));
    connection.sql = std::string(trace.text(event.value));
    connection.inFlight = true;
    connection.request = event.request;
    connection.outcome.clear();
    connection.postgres = trace.text(event.detail) == "postgresql";
    connection.sessionEnded = false;  // a new connection after a crash or a lost one
    return;
  }
  if (event.request != connection.request) return;  // an answer to an older statement
  connection.inFlight = false;
  connection.outcome = std::string(trace.text(event.rc));
}

void DatabaseStage::settle(int64_t transaction, bool commit) {
  if (transaction == 0) return;
  for (auto& [table, rows] : tables_) {
    for (auto it = rows.begin(); it != rows.end();) {
      RowOnStage& row = it->second;
      if (!row.changed || row.writerTransaction != transaction) {
        ++it;
        continue;
      }
      if (commit) {
        row.committedKnown = true;
        row.committed = row.pending;
      }
      row.changed = false;
      row.pending.clear();
      row.writer = kNoClient;
      row.writerTransaction = 0;
      // A deleted row is gone from the table once the delete commits.
      if (row.committedKnown && row.committed.empty()) it = rows.erase(it);
      else ++it;
    }
  }
}

void DatabaseStage::forgetWaits(int client) {
  for (auto it = locks_.begin(); it != locks_.end();) {
    std::erase_if(it->second.waiters,
                  [client](const LockOnStage::Waiter& waiter) { return waiter.client == client; });
    if (it->second.empty()) it = locks_.erase(it);
    else ++it;
  }
}

std::vector<WaitEdge> DatabaseStage::waitFor() const {
  std::vector<WaitEdge> edges;
  for (const auto& [name, lock] : locks_) {
    for (const LockOnStage::Waiter& waiter : lock.waiters) {
      for (int blocker : waiter.behind) {
        if (blocker == waiter.client) continue;
        if (!lock.heldBy(blocker) && !lock.awaitedBy(blocker)) continue;
        edges.push_back({waiter.client, blocker, name});
      }
    }
  }
  return edges;
}

bool DatabaseStage::onDeadlockCycle(int waiter, int blocker) const {
  const auto& cycle = deadlock_.cycle;
  for (size_t i = 0; i + 1 < cycle.size(); ++i) {
    if (cycle[i] == waiter && cycle[i + 1] == blocker) return true;
  }
  return false;
}

}  // namespace lockscope::gui
