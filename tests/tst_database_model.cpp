// The database model's locking rules, statement by statement, in both dialects: each check is a
// fact observed on the real servers (PostgreSQL 15.18 by tst_live_pg, MariaDB 10.11 by
// tst_live_mariadb), so the model and the servers are held to the same list.
#include <QtTest>

#include <optional>
#include <string>
#include <vector>

#include "backends/api/sql_statements.h"
#include "backends/model/database/database_server.h"
#include "sim/checkers/wait_cycle_checker.h"
#include "sim/engine/world.h"
#include "sim/scenario/database_seed.h"

using namespace lockscope;
using sql::Dialect;
using sql::SqlError;
using sql::SqlResult;
using sql::Statement;
using sql::StatementKind;
using sql::Value;
using sql::model::DatabaseServer;
using sql::model::SessionId;

namespace {

// A server in a world of its own, and sessions whose statements' results are kept.
class Bench {
 public:
  explicit Bench(Dialect dialect, sql::SessionSettings settings = {}) {
    sql::model::ServerConfig config;
    config.dialect = dialect;
    config.settings = settings;
    server_.emplace(world_, config);
    server_->seed({1, 2}, {"lock"});
  }

  SessionId open(const std::string& name) { return server_->open(name); }
  DatabaseServer& server() { return *server_; }

  // Sends `statement` at the current time; its result lands in the returned slot when it ends.
  std::shared_ptr<std::optional<SqlResult>> send(SessionId session, Statement statement) {
    auto slot = std::make_shared<std::optional<SqlResult>>();
    server_->submit(session, statement, [slot](const SqlResult& result) { *slot = result; });
    return slot;
  }
  // Runs the world for `ms` of virtual time.
  void advance(int64_t ms) {
    const sim::Micros until = world_.now() + sim::fromMillis(ms);
    world_.runUntil([] { return false; }, until);
  }
  // Sends and runs until it ends (at most a minute): the result.
  SqlResult run(SessionId session, Statement statement) {
    auto slot = send(session, std::move(statement));
    for (int i = 0; i < 600 && !*slot; ++i) advance(100);
    return slot->value_or(SqlResult::failure(SqlError::Other, "", "no result"));
  }

 private:
  sim::World world_{1};
  std::optional<DatabaseServer> server_;
};

Statement plain(StatementKind kind) { return Statement{kind, {}}; }
Statement forUpdate(int64_t row, sql::LockWait wait = sql::LockWait::Wait) {
  Statement select{StatementKind::InventorySelect, {Value::of(row)}};
  select.rowLock = sql::RowLock::ForUpdate;
  select.wait = wait;
  return select;
}
Statement insertLock(const std::string& owner) {
  return Statement{StatementKind::LockInsert,
                   {Value::of(std::string("lock")), Value::of(owner), Value::of(int64_t{0})}};
}
Statement selectLockForUpdate() {
  Statement select{StatementKind::LockSelect, {Value::of(std::string("lock"))}};
  select.rowLock = sql::RowLock::ForUpdate;
  return select;
}
// Two open transactions, c1 holding row 1 and c2 row 2: the start of a deadlock.
std::pair<SessionId, SessionId> holdOneRowEach(Bench& bench) {
  const SessionId a = bench.open("c1"), b = bench.open("c2");
  bench.run(a, plain(StatementKind::Begin));
  bench.run(b, plain(StatementKind::Begin));
  bench.run(a, forUpdate(1));
  bench.run(b, forUpdate(2));
  return {a, b};
}

Statement advisory(StatementKind kind) { return Statement{kind, {Value::of(int64_t{42})}}; }

}  // namespace

class DatabaseModelTest : public QObject {
  Q_OBJECT

 private slots:
  void forUpdateWaitsForTheHoldersCommit_data() { dialects(); }
  void forUpdateWaitsForTheHoldersCommit() {
    QFETCH(Dialect, dialect);
    Bench bench(dialect);
    const SessionId a = bench.open("c1"), b = bench.open("c2");
    QVERIFY(bench.run(a, plain(StatementKind::Begin)).ok());
    QCOMPARE(bench.run(a, forUpdate(1)).affected, int64_t{1});
    QVERIFY(bench.run(b, plain(StatementKind::Begin)).ok());
    auto waiting = bench.send(b, forUpdate(1));
    bench.advance(500);
    QVERIFY(!*waiting);
    QVERIFY(bench.run(a, plain(StatementKind::Commit)).ok());
    bench.advance(1);
    QVERIFY(*waiting && (*waiting)->ok());
    QCOMPARE((*waiting)->rows.size(), size_t{1});
  }

  void nowaitFailsAtOnceAndSkipLockedReturnsNothing_data() { dialects(); }
  void nowaitFailsAtOnceAndSkipLockedReturnsNothing() {
    QFETCH(Dialect, dialect);
    Bench bench(dialect);
    const SessionId a = bench.open("c1"), b = bench.open("c2");
    bench.run(a, plain(StatementKind::Begin));
    bench.run(a, forUpdate(1));
    const SqlResult refused = bench.run(b, forUpdate(1, sql::LockWait::NoWait));
    QCOMPARE(refused.error, SqlError::LockNotAvailable);
    QCOMPARE(refused.code,
             dialect == Dialect::PostgreSQL ? std::string("55P03") : std::string("1205"));
    const SqlResult skipped = bench.run(b, forUpdate(1, sql::LockWait::SkipLocked));
    QVERIFY(skipped.ok());
    QCOMPARE(skipped.affected, int64_t{0});
  }

  void insertWaitsForAnUncommittedInsertOfTheKey_data() {
    QTest::addColumn<Dialect>("dialect");
    QTest::addColumn<bool>("commits");
    QTest::newRow("postgresql, commit") << Dialect::PostgreSQL << true;
    QTest::newRow("postgresql, rollback") << Dialect::PostgreSQL << false;
    QTest::newRow("mariadb, commit") << Dialect::MariaDB << true;
    QTest::newRow("mariadb, rollback") << Dialect::MariaDB << false;
  }
  void insertWaitsForAnUncommittedInsertOfTheKey() {
    QFETCH(Dialect, dialect);
    QFETCH(bool, commits);
    Bench bench(dialect);
    const SessionId a = bench.open("c1"), b = bench.open("c2");
    bench.run(a, plain(StatementKind::Begin));
    QVERIFY(bench.run(a, insertLock("c1")).ok());
    auto second = bench.send(b, insertLock("c2"));
    bench.advance(500);
    QVERIFY(!*second);
    bench.run(a, plain(commits ? StatementKind::Commit : StatementKind::Rollback));
    bench.advance(1);
    QVERIFY(*second);
    if (commits) {
      QCOMPARE((*second)->error, SqlError::UniqueViolation);
      QCOMPARE((*second)->code,
               dialect == Dialect::PostgreSQL ? std::string("23505") : std::string("1062"));
    } else {
      QVERIFY((*second)->ok());
      QCOMPARE((*second)->affected, int64_t{1});
    }
  }

  // PostgreSQL: after deadlock_timeout the waiter that started waiting first finds the cycle and
  // aborts itself; its transaction stays aborted (25P02) until ROLLBACK.
  void postgresDeadlockAbortsTheFirstWaiterAfterTheTimeout() {
    Bench bench(Dialect::PostgreSQL, sql::SessionSettings{.deadlockTimeoutMs = 200});
    const auto [a, b] = holdOneRowEach(bench);
    auto first = bench.send(a, forUpdate(2));
    bench.advance(50);
    auto second = bench.send(b, forUpdate(1));
    bench.advance(100);
    QVERIFY(!*first && !*second);  // the check waits for deadlock_timeout
    bench.advance(200);
    QVERIFY(*first && *second);
    QCOMPARE((*first)->error, SqlError::Deadlock);
    QCOMPARE((*first)->code, std::string("40P01"));
    QVERIFY((*second)->ok());
    QCOMPARE(bench.run(a, forUpdate(1)).error, SqlError::InFailedTransaction);
    QVERIFY(bench.run(a, plain(StatementKind::Rollback)).ok());
    QVERIFY(bench.run(a, plain(StatementKind::Begin)).ok());
  }

  // InnoDB: at once, the transaction whose request closed the cycle (equal weights), rolled back
  // and ended: its next statement runs in autocommit.
  void innodbDeadlockRollsBackTheRequesterAtOnce() {
    Bench bench(Dialect::MariaDB);
    const auto [a, b] = holdOneRowEach(bench);
    auto first = bench.send(a, forUpdate(2));
    bench.advance(10);
    auto second = bench.send(b, forUpdate(1));
    bench.advance(1);
    QVERIFY(*second);
    QCOMPARE((*second)->error, SqlError::Deadlock);
    QCOMPARE((*second)->code, std::string("1213"));
    QVERIFY(*first && (*first)->ok());  // b's rows were freed with its transaction
    // b is out of its transaction: a row lock it takes now ends with the statement.
    QVERIFY(bench.run(b, forUpdate(2, sql::LockWait::SkipLocked)).ok());
  }

  // InnoDB's gap locks: two FOR UPDATEs of a missing key both succeed; both INSERTs then meet the
  // other's gap lock, and the second is a deadlock's victim.
  void gapLocksDeadlockCheckThenInsert() {
    Bench bench(Dialect::MariaDB);
    const SessionId a = bench.open("c1"), b = bench.open("c2");
    bench.run(a, plain(StatementKind::Begin));
    bench.run(b, plain(StatementKind::Begin));
    QCOMPARE(bench.run(a, selectLockForUpdate()).affected, int64_t{0});
    QCOMPARE(bench.run(b, selectLockForUpdate()).affected, int64_t{0});
    auto first = bench.send(a, insertLock("c1"));
    bench.advance(10);
    QVERIFY(!*first);
    QCOMPARE(bench.run(b, insertLock("c2")).error, SqlError::Deadlock);
    bench.advance(1);
    QVERIFY(*first && (*first)->ok());
  }
  // PostgreSQL: no gap locks; the second INSERT waits for the first transaction.
  void postgresCheckThenInsertWaitsOnTheKey() {
    Bench bench(Dialect::PostgreSQL);
    const SessionId a = bench.open("c1"), b = bench.open("c2");
    bench.run(a, plain(StatementKind::Begin));
    bench.run(b, plain(StatementKind::Begin));
    bench.run(a, selectLockForUpdate());
    bench.run(b, selectLockForUpdate());
    QVERIFY(bench.run(a, insertLock("c1")).ok());
    auto second = bench.send(b, insertLock("c2"));
    bench.advance(2000);
    QVERIFY(!*second);
    bench.run(a, plain(StatementKind::Commit));
    bench.advance(1);
    QCOMPARE((*second)->error, SqlError::UniqueViolation);
  }

  void postgresLockTimeoutAbortsTheTransaction() {
    Bench bench(Dialect::PostgreSQL, sql::SessionSettings{.lockTimeoutMs = 300});
    const SessionId a = bench.open("c1"), b = bench.open("c2");
    bench.run(a, plain(StatementKind::Begin));
    bench.run(a, forUpdate(1));
    bench.run(b, plain(StatementKind::Begin));
    const SqlResult timedOut = bench.run(b, forUpdate(1));
    QCOMPARE(timedOut.error, SqlError::LockTimeout);
    QCOMPARE(timedOut.message, std::string("canceling statement due to lock timeout"));
    QCOMPARE(bench.run(b, forUpdate(2)).error, SqlError::InFailedTransaction);
    QVERIFY(bench.run(b, plain(StatementKind::Commit)).ok());  // a ROLLBACK in fact
  }

  // InnoDB's lock wait timeout rolls back the statement only: the transaction keeps its locks.
  void innodbLockWaitTimeoutKeepsTheTransaction() {
    Bench bench(Dialect::MariaDB, sql::SessionSettings{.innodbLockWaitTimeoutS = 1});
    const SessionId a = bench.open("c1"), b = bench.open("c2"), c = bench.open("c3");
    bench.run(a, plain(StatementKind::Begin));
    bench.run(a, forUpdate(1));
    bench.run(b, plain(StatementKind::Begin));
    bench.run(b, forUpdate(2));
    QCOMPARE(bench.run(b, forUpdate(1)).error, SqlError::LockTimeout);
    QCOMPARE(bench.run(c, forUpdate(2, sql::LockWait::NoWait)).error, SqlError::LockNotAvailable);
    bench.run(b, plain(StatementKind::Commit));
    QVERIFY(bench.run(c, forUpdate(2, sql::LockWait::NoWait)).ok());
  }

  // A session advisory lock survives ROLLBACK, counts re-entries, and goes with its session.
  void advisoryLockIsTheSessions() {
    Bench bench(Dialect::PostgreSQL);
    const SessionId a = bench.open("c1"), b = bench.open("c2");
    bench.run(a, plain(StatementKind::Begin));
    QCOMPARE(bench.run(a, advisory(StatementKind::AdvisoryLock)).rows.at(0).at(0), std::string());
    bench.run(a, plain(StatementKind::Rollback));
    bench.run(a, advisory(StatementKind::AdvisoryLock));
    QCOMPARE(bench.run(b, advisory(StatementKind::AdvisoryTryLock)).rows.at(0).at(0),
             std::string("false"));
    QCOMPARE(bench.run(a, advisory(StatementKind::AdvisoryUnlock)).rows.at(0).at(0),
             std::string("true"));
    QCOMPARE(bench.run(b, advisory(StatementKind::AdvisoryTryLock)).rows.at(0).at(0),
             std::string("false"));  // one count left
    auto waiting = bench.send(b, advisory(StatementKind::AdvisoryLock));
    bench.advance(100);
    QVERIFY(!*waiting);
    bench.server().disconnect(a);  // a crash: the kernel closes the socket
    bench.advance(1);
    QVERIFY(*waiting && (*waiting)->ok());
    QCOMPARE(bench.run(b, advisory(StatementKind::AdvisoryUnlock)).rows.at(0).at(0),
             std::string("true"));
  }

  void idleInTransactionEndsTheSession() {
    Bench bench(Dialect::PostgreSQL, sql::SessionSettings{.idleInTransactionTimeoutMs = 500});
    const SessionId a = bench.open("c1"), b = bench.open("c2");
    bench.run(a, plain(StatementKind::Begin));
    bench.run(a, forUpdate(1));
    auto waiting = bench.send(b, forUpdate(1));
    bench.advance(600);
    QVERIFY(*waiting && (*waiting)->ok());  // the row was freed with the session
    const SqlResult late = bench.run(a, forUpdate(1));
    QCOMPARE(late.error, SqlError::SessionTerminated);
    QCOMPARE(late.code, std::string("25P03"));
  }

  // The checkers find a deadlock's victim by its reply's rc, which the database API names.
  void deadlockReplyRcIsTheCheckersWord() {
    QCOMPARE(std::string_view(sql::sqlErrorName(SqlError::Deadlock)), checkers::kDeadlockReplyRc);
  }

  // The stage shows a row no event has touched with the seed's text (the trace starts after the
  // seeding): it must be what the server wrote had it traced the seeded row.
  void seededRowsReadAsTheStageShowsThem() {
    using sql::model::TableId;
    Bench bench(Dialect::PostgreSQL);
    int seen = 0;
    for (TableId table : {TableId::Locks, TableId::Inventory, TableId::FenceTokens}) {
      const std::string_view shown = scenario::seededRowText(sql::model::tableName(table));
      const auto& rows = bench.server().tables().rowsOf(table);
      QCOMPARE(shown.empty(), rows.empty());
      for (const auto& [key, slot] : rows) {
        QVERIFY(slot.committed);
        QCOMPARE(sql::model::describeRow(table, *slot.committed), std::string(shown));
        ++seen;
      }
    }
    QCOMPARE(seen, 3);  // inventory 1 and 2, the fence token of "lock"
  }

 private:
  void dialects() {
    QTest::addColumn<Dialect>("dialect");
    QTest::newRow("postgresql") << Dialect::PostgreSQL;
    QTest::newRow("mariadb") << Dialect::MariaDB;
  }
};

QTEST_APPLESS_MAIN(DatabaseModelTest)
#include "tst_database_model.moc"
