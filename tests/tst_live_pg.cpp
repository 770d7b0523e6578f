// The live PostgreSQL client and backend against a real PostgreSQL 15 (the pg_server fixture,
// tests/support/pg-server.sh; the tests connect as its superuser `lockscope`).
//
// Goal: PgSqlClient keeps the SqlClient contract on the wire (callbacks later, never inside the
// call; one reply per statement; the trace's Request/Reply events), and the statements mean on
// the real server what the database lessons say they mean: row locks and how a locked row is
// waited for, refused or skipped; unique keys between transactions; deadlocks; lock_timeout and
// the aborted transaction after it; session and transaction advisory locks; the idle transaction
// timeout. These are the facts the model (backends/model/database) must match; each check states
// the server's exact code and message.
//
// Method: two or three connections on one Qt event loop, each statement's reply awaited with a
// bound; a statement that must wait is shown to be still waiting after a pause, then answered
// once the other transaction ends. Each test works in a schema of its own (RunSchema), dropped at
// its end. The password variable is set to a marker that no output may contain (the server
// trusts loopback, so the marker is sent and ignored).

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTest>

#include "backends/api/sql_statements.h"
#include "backends/live/database/live_database_backend.h"
#include "backends/live/database/live_sql_connect.h"
#include "backends/live/database/lock_waits.h"
#include "backends/live/database/pg_script.h"
#include "backends/live/database/run_schema.h"
#include "sim/trace/trace.h"
#include "support/live_cli.h"
#include "support/live_server.h"

namespace {

using lockscope::live::database::LiveSqlClient;
using lockscope::live::database::LiveSqlTarget;
using lockscope::live::database::RunSchema;
using lockscope::sim::Micros;
using lockscope::sql::LockWait;
using lockscope::sql::RowLock;
using lockscope::sql::SqlError;
using lockscope::sql::SqlResult;
using lockscope::sql::Statement;
using lockscope::sql::StatementKind;
using lockscope::sql::Value;

constexpr char kSecret[] = "pg-secret-marker-7f3a";

QString serverAddress() {
  QFile file(QStringLiteral(LOCKSCOPE_LIVE_PG_DIR "/address"));
  return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).trimmed() : QString();
}

Statement statement(StatementKind kind, std::vector<Value> params = {},
                    RowLock rowLock = RowLock::None, LockWait wait = LockWait::Wait) {
  return {kind, std::move(params), rowLock, wait};
}
Statement begin() { return statement(StatementKind::Begin); }
Statement commit() { return statement(StatementKind::Commit); }
Statement rollback() { return statement(StatementKind::Rollback); }
Statement selectStock(int64_t id, RowLock rowLock = RowLock::None, LockWait wait = LockWait::Wait) {
  return statement(StatementKind::InventorySelect, {Value::of(id)}, rowLock, wait);
}
Statement insertLock(const std::string& name, const std::string& owner) {
  return statement(StatementKind::LockInsert,
                   {Value::of(name), Value::of(owner), Value::of(int64_t{2000})});
}
Statement advisory(StatementKind kind, int64_t key) { return statement(kind, {Value::of(key)}); }

// A statement's reply, once it came.
struct Outcome {
  bool done = false;
  SqlResult result;
};

// Every trace event's text, for the secret check.
class TextSink final : public lockscope::sim::TraceSink {
 public:
  void onEvent(const lockscope::sim::TraceEvent& event) override {
    for (const std::string_view field : {event.actor, event.value, event.detail, event.rc})
      text.append(field).append(" ");
    text += "\n";
    if (event.kind == lockscope::sim::TraceKind::Request) ++requests;
    if (event.kind == lockscope::sim::TraceKind::Reply) ++replies;
  }
  std::string text;
  int requests = 0;
  int replies = 0;
};

}  // namespace

class TstLivePg : public QObject {
  Q_OBJECT

 private:
  lockscope::sim::World world_{1};
  TextSink sink_;
  std::unique_ptr<RunSchema> schema_;
  LiveSqlTarget target_;
  QString address_;
  bool insideCall_ = false;

  LiveSqlTarget serverTarget() const {
    LiveSqlTarget target;
    target.address = *lockscope::live::database::parseDatabaseAddress(address_.toStdString());
    target.connectTimeoutMs = 3000;
    return target;
  }

  std::unique_ptr<LiveSqlClient> connect(const std::string& name,
                                         lockscope::sql::SessionSettings settings = {}) {
    LiveSqlTarget target = target_;
    target.settings = settings;
    target.setDeadlockTimeout = settings.deadlockTimeoutMs != 1000;
    return lockscope::live::database::connectLiveSql(target, world_, name);
  }

  std::shared_ptr<Outcome> start(LiveSqlClient& client, Statement sent) {
    auto outcome = std::make_shared<Outcome>();
    insideCall_ = true;
    client.execute(std::move(sent), [this, outcome](const SqlResult& result) {
      if (insideCall_) qWarning("a callback ran inside execute()");
      QVERIFY(!insideCall_);
      QVERIFY2(!outcome->done, "one reply per statement");
      outcome->done = true;
      outcome->result = result;
    });
    insideCall_ = false;
    return outcome;
  }

  // Runs the event loop until `outcome` is answered or `boundMs` passed; whether it was.
  static bool waitFor(const std::shared_ptr<Outcome>& outcome, int boundMs) {
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    while (!outcome->done && clock.elapsed() < boundMs)
      loop.processEvents(QEventLoop::AllEvents, 10);
    return outcome->done;
  }
  static void pump(int ms) {
    auto never = std::make_shared<Outcome>();
    waitFor(never, ms);
  }

  // A live backend on the server, its schema made, as a run starts it.
  std::unique_ptr<lockscope::run::RunBackend> startBackend() {
    lockscope::live::database::LiveDatabaseSettings settings;
    settings.target = serverTarget();
    settings.scenarioDialect = "postgresql";
    settings.seed = {.inventoryRows = {1}, .lockNames = {"lock"}};
    auto backend = lockscope::live::database::liveDatabaseBackend(settings)(world_);
    backend->preparePaths({}, 0);
    return backend;
  }
  // Sends `sent` and runs the backend's world until it is answered or `bound` virtual time went.
  std::shared_ptr<Outcome> runOn(lockscope::run::RunBackend& backend,
                                 lockscope::sql::SqlClient& client, Statement sent,
                                 Micros bound = 3'000'000) {
    auto outcome = std::make_shared<Outcome>();
    client.execute(std::move(sent), [outcome](const SqlResult& result) {
      outcome->done = true;
      outcome->result = result;
    });
    backend.runUntil([&] { return outcome->done; }, world_.now() + bound);
    return outcome;
  }

  SqlResult run(LiveSqlClient& client, Statement sent, int boundMs = 5000) {
    const auto outcome = start(client, std::move(sent));
    if (!waitFor(outcome, boundMs))
      return SqlResult::failure(SqlError::Other, "", "no reply within the test's bound");
    return outcome->result;
  }

  static QByteArray describe(const SqlResult& result) {
    return QByteArray::fromStdString(result.describe() + " / " + result.message);
  }

 private slots:
  void initTestCase() {
    qputenv("LOCKSCOPE_PG_PASSWORD", kSecret);  // read once, on the first connection
    address_ = serverAddress();
    QVERIFY2(!address_.isEmpty(), "the pg_server fixture did not start a server");
    world_.trace().addSink(&sink_);
  }

  void init() {
    schema_ = std::make_unique<RunSchema>(serverTarget());
    const lockscope::Status made = schema_->create({.inventoryRows = {1}, .lockNames = {"lock"}});
    QVERIFY2(made, made.message().c_str());
    target_ = serverTarget();
    target_.schema = schema_->name();
    // A second row for the deadlock, a lock row for the lock reads.
    const auto rows = lockscope::live::database::runLiveSqlScript(
        target_, {"INSERT INTO inventory (id, stock, version, fence) VALUES (2, 0, 0, 0)"});
    QVERIFY2(rows, rows.message().c_str());
  }

  void cleanup() {
    const lockscope::Status dropped = schema_->drop();
    QVERIFY2(dropped, dropped.message().c_str());
    schema_.reset();
  }

  void cleanupTestCase() {
    QVERIFY2(sink_.text.find(kSecret) == std::string::npos, "the password reached the trace");
  }

  // Every statement is one Request and one Reply, as the model's, with the SQL bound.
  void statementsAreTracedAndAnswered() {
    auto a = connect("a");
    const int requests = sink_.requests, replies = sink_.replies;
    const SqlResult selected = run(*a, selectStock(1));
    QVERIFY2(selected.ok(), describe(selected));
    QCOMPARE(selected.affected, int64_t{1});
    QCOMPARE(selected.rows, (std::vector<std::vector<std::string>>{{"0", "0"}}));
    QCOMPARE(sink_.requests, requests + 1);
    QCOMPARE(sink_.replies, replies + 1);
    QVERIFY(sink_.text.find("SELECT stock, version FROM inventory WHERE id = 1") !=
            std::string::npos);
    // A write's count comes from the command tag; a missed row is 0.
    const SqlResult updated = run(*a, statement(StatementKind::InventoryUpdate,
                                                {Value::of(int64_t{1}), Value::of(int64_t{5})}));
    QCOMPARE(updated.affected, int64_t{1});
    const SqlResult missed = run(*a, statement(StatementKind::InventoryUpdate,
                                               {Value::of(int64_t{9}), Value::of(int64_t{5})}));
    QVERIFY(missed.ok());
    QCOMPARE(missed.affected, int64_t{0});
    QCOMPARE(missed.describe(), std::string("0 rows"));
  }

  void forUpdateWaitsForCommit() {
    auto a = connect("a"), b = connect("b");
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*a, selectStock(1, RowLock::ForUpdate)).ok());
    QVERIFY(run(*b, begin()).ok());
    const auto waiting = start(*b, selectStock(1, RowLock::ForUpdate));
    pump(400);
    QVERIFY2(!waiting->done, "a second FOR UPDATE did not wait for the first");
    QVERIFY(run(*a, commit()).ok());
    QVERIFY2(waitFor(waiting, 3000), "the waiting FOR UPDATE was not granted after COMMIT");
    QVERIFY2(waiting->result.ok(), describe(waiting->result));
    QCOMPARE(waiting->result.affected, int64_t{1});
    QVERIFY(run(*b, commit()).ok());
  }

  void noWaitFailsAtOnce() {
    auto a = connect("a"), b = connect("b");
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*a, selectStock(1, RowLock::ForUpdate)).ok());
    QElapsedTimer clock;
    clock.start();
    const SqlResult refused = run(*b, selectStock(1, RowLock::ForUpdate, LockWait::NoWait));
    QVERIFY2(clock.elapsed() < 1000, "NOWAIT waited");
    QCOMPARE(refused.error, SqlError::LockNotAvailable);
    QCOMPARE(refused.code, std::string("55P03"));
    QVERIFY2(
        refused.message.rfind("could not obtain lock on row in relation \"inventory\"", 0) == 0,
        refused.message.c_str());
    // FOR SHARE NOWAIT is refused too by FOR UPDATE.
    const SqlResult shared = run(*b, selectStock(1, RowLock::ForShare, LockWait::NoWait));
    QCOMPARE(shared.error, SqlError::LockNotAvailable);
    // Inside a transaction the refusal aborts it, as every error does on PostgreSQL.
    QVERIFY(run(*b, begin()).ok());
    QCOMPARE(run(*b, selectStock(1, RowLock::ForUpdate, LockWait::NoWait)).error,
             SqlError::LockNotAvailable);
    QCOMPARE(run(*b, selectStock(1)).error, SqlError::InFailedTransaction);
    QVERIFY(run(*b, rollback()).ok());
    QVERIFY(run(*a, rollback()).ok());
  }

  void skipLockedReturnsNothing() {
    auto a = connect("a"), b = connect("b");
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*a, selectStock(1, RowLock::ForUpdate)).ok());
    const SqlResult skipped = run(*b, selectStock(1, RowLock::ForUpdate, LockWait::SkipLocked));
    QVERIFY2(skipped.ok(), describe(skipped));
    QCOMPARE(skipped.affected, int64_t{0});
    QVERIFY(skipped.rows.empty());
    QVERIFY(run(*a, commit()).ok());
    const SqlResult free = run(*b, selectStock(1, RowLock::ForUpdate, LockWait::SkipLocked));
    QCOMPARE(free.affected, int64_t{1});
  }

  void uniqueInsertWaitsForTheOtherTransaction_data() {
    QTest::addColumn<bool>("commits");
    QTest::newRow("commit: unique_violation") << true;
    QTest::newRow("rollback: inserted") << false;
  }
  void uniqueInsertWaitsForTheOtherTransaction() {
    QFETCH(bool, commits);
    auto a = connect("a"), b = connect("b");
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*a, insertLock("k", "a")).ok());
    const auto second = start(*b, insertLock("k", "b"));  // autocommit
    pump(400);
    QVERIFY2(!second->done, "the INSERT did not wait for the uncommitted one");
    QVERIFY(run(*a, commits ? commit() : rollback()).ok());
    QVERIFY(waitFor(second, 3000));
    if (commits) {
      QCOMPARE(second->result.error, SqlError::UniqueViolation);
      QCOMPARE(second->result.code, std::string("23505"));
      QCOMPARE(second->result.message,
               std::string("duplicate key value violates unique constraint \"locks_pkey\""));
    } else {
      QVERIFY2(second->result.ok(), describe(second->result));
      QCOMPARE(second->result.affected, int64_t{1});
    }
    // Without a concurrent one: at once.
    const SqlResult again = run(*a, insertLock("k", "a"));
    QCOMPARE(again.error, SqlError::UniqueViolation);
  }

  // Two rows locked in opposite orders: exactly one is the victim, after deadlock_timeout; the
  // other's wait is granted. The victim is the transaction whose deadlock check runs first: the
  // one that started waiting first (its deadlock_timeout ends first).
  void deadlockHasOneVictim() {
    lockscope::sql::SessionSettings settings;
    settings.deadlockTimeoutMs = 200;
    auto a = connect("a", settings), b = connect("b", settings);
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*b, begin()).ok());
    QVERIFY(run(*a, selectStock(1, RowLock::ForUpdate)).ok());
    QVERIFY(run(*b, selectStock(2, RowLock::ForUpdate)).ok());
    QElapsedTimer clock;
    clock.start();
    const auto first = start(*a, selectStock(2, RowLock::ForUpdate));  // waits for b
    pump(50);
    const auto second = start(*b, selectStock(1, RowLock::ForUpdate));  // closes the cycle
    QVERIFY(waitFor(first, 5000));
    QVERIFY(waitFor(second, 5000));
    QVERIFY2(clock.elapsed() >= 150, "the deadlock was found before deadlock_timeout");
    const int victims = (first->result.error == SqlError::Deadlock) +
                        (second->result.error == SqlError::Deadlock);
    QCOMPARE(victims, 1);
    QVERIFY2(first->result.error == SqlError::Deadlock,
             "the first waiter was expected to be the victim");
    QCOMPARE(first->result.code, std::string("40P01"));
    QCOMPARE(first->result.message, std::string("deadlock detected"));
    QVERIFY2(second->result.ok(), describe(second->result));
    // The victim's transaction is aborted until ROLLBACK.
    QCOMPARE(run(*a, selectStock(1)).error, SqlError::InFailedTransaction);
    QVERIFY(run(*a, rollback()).ok());
    QVERIFY(run(*b, commit()).ok());
  }

  void lockTimeoutAbortsTheTransaction() {
    lockscope::sql::SessionSettings settings;
    settings.lockTimeoutMs = 200;
    auto a = connect("a"), b = connect("b", settings);
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*a, selectStock(1, RowLock::ForUpdate)).ok());
    QVERIFY(run(*b, begin()).ok());
    QElapsedTimer clock;
    clock.start();
    const SqlResult timedOut = run(*b, selectStock(1, RowLock::ForUpdate));
    QVERIFY2(clock.elapsed() >= 150, "lock_timeout fired early");
    QCOMPARE(timedOut.error, SqlError::LockTimeout);
    QCOMPARE(timedOut.code, std::string("55P03"));
    QCOMPARE(timedOut.message, std::string("canceling statement due to lock timeout"));
    const SqlResult aborted = run(*b, selectStock(1));
    QCOMPARE(aborted.error, SqlError::InFailedTransaction);
    QCOMPARE(aborted.code, std::string("25P02"));
    QCOMPARE(aborted.message,
             std::string("current transaction is aborted, commands ignored until end of "
                         "transaction block"));
    // COMMIT of an aborted transaction is no error: the server rolls back (tag ROLLBACK).
    const SqlResult committed = run(*b, commit());
    QVERIFY2(committed.ok(), describe(committed));
    QVERIFY(run(*b, selectStock(1)).ok());
    QVERIFY(run(*a, rollback()).ok());
  }

  void sessionAdvisoryLock() {
    auto a = connect("a"), b = connect("b");
    const SqlResult locked = run(*a, advisory(StatementKind::AdvisoryLock, 42));
    QVERIFY2(locked.ok(), describe(locked));
    QCOMPARE(locked.rows, (std::vector<std::vector<std::string>>{{""}}));  // void
    auto tryLock = [&] { return run(*b, advisory(StatementKind::AdvisoryTryLock, 42)).rows; };
    const std::vector<std::vector<std::string>> no{{"false"}}, yes{{"true"}};
    QCOMPARE(tryLock(), no);
    // It survives the end of a transaction.
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*a, rollback()).ok());
    QCOMPARE(tryLock(), no);
    // Re-entrant with a count: two locks need two unlocks.
    QVERIFY(run(*a, advisory(StatementKind::AdvisoryLock, 42)).ok());
    QCOMPARE(run(*a, advisory(StatementKind::AdvisoryUnlock, 42)).rows, yes);
    QCOMPARE(tryLock(), no);
    QCOMPARE(run(*a, advisory(StatementKind::AdvisoryUnlock, 42)).rows, yes);
    QCOMPARE(tryLock(), yes);
    // An unlock of a lock not held: false (and a WARNING, which is not an error).
    const SqlResult notHeld = run(*a, advisory(StatementKind::AdvisoryUnlock, 42));
    QVERIFY(notHeld.ok());
    QCOMPARE(notHeld.rows, no);
    QCOMPARE(run(*b, advisory(StatementKind::AdvisoryUnlock, 42)).rows, yes);
  }

  void advisoryLockFreedWhenTheConnectionCloses() {
    auto a = connect("a"), b = connect("b");
    QVERIFY(run(*a, advisory(StatementKind::AdvisoryLock, 43)).ok());
    const auto waiting = start(*b, advisory(StatementKind::AdvisoryLock, 43));
    pump(300);
    QVERIFY2(!waiting->done, "pg_advisory_lock did not wait for the holder");
    a->drop();  // as a crashed process's socket
    QVERIFY2(waitFor(waiting, 3000), "the lock was not freed when its connection closed");
    QVERIFY2(waiting->result.ok(), describe(waiting->result));
    const SqlResult after = run(*a, selectStock(1));
    QCOMPARE(after.error, SqlError::ConnectionLost);
  }

  void transactionAdvisoryLockFreedAtCommit() {
    auto a = connect("a"), b = connect("b");
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*a, advisory(StatementKind::AdvisoryXactLock, 44)).ok());
    const std::vector<std::vector<std::string>> no{{"false"}}, yes{{"true"}};
    QCOMPARE(run(*b, advisory(StatementKind::AdvisoryTryLock, 44)).rows, no);
    QVERIFY(run(*a, commit()).ok());
    QCOMPARE(run(*b, advisory(StatementKind::AdvisoryTryLock, 44)).rows, yes);
    QCOMPARE(run(*b, advisory(StatementKind::AdvisoryUnlock, 44)).rows, yes);
  }

  void idleTransactionTimeoutEndsTheSession() {
    lockscope::sql::SessionSettings settings;
    settings.idleInTransactionTimeoutMs = 200;
    auto a = connect("a", settings), b = connect("b");
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*a, selectStock(1, RowLock::ForUpdate)).ok());
    pump(700);
    const SqlResult ended = run(*a, selectStock(1));
    QVERIFY2(ended.error == SqlError::SessionTerminated, describe(ended));
    QCOMPARE(ended.code, std::string("25P03"));
    QCOMPARE(ended.message,
             std::string("terminating connection due to idle-in-transaction timeout"));
    // Its row lock went with it.
    QVERIFY(run(*b, selectStock(1, RowLock::ForUpdate, LockWait::NoWait)).ok());
    // Outside a transaction nothing times out.
    pump(400);
    QVERIFY(run(*b, selectStock(1)).ok());
  }

  // deadlock_timeout is set only when the lesson's differs from the server's, and only a
  // superuser may: an ordinary role (lockscope_app, in a child run of this test) is refused in one
  // line before the run.
  void deadlockTimeoutNeedsASuperuser() {
    LiveSqlTarget target = target_;
    target.settings.deadlockTimeoutMs = 200;
    if (qEnvironmentVariable("LOCKSCOPE_PG_USER") == QStringLiteral("lockscope_app")) {
      const auto refused = lockscope::live::database::pgDeadlockTimeoutToSet(target);
      QVERIFY(!refused);
      QVERIFY2(refused.message().find("database.deadlock_timeout_ms 200 needs a superuser role") !=
                   std::string::npos,
               refused.message().c_str());
      QVERIFY(refused.message().find('\n') == std::string::npos);
      return;
    }
    const auto superuser = lockscope::live::database::pgDeadlockTimeoutToSet(target);
    QVERIFY2(superuser, superuser.message().c_str());
    QCOMPARE(*superuser, true);
    target.settings.deadlockTimeoutMs = 1000;  // the server's own: nothing to set
    QCOMPARE(*lockscope::live::database::pgDeadlockTimeoutToSet(target), false);
    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LOCKSCOPE_PG_USER"), QStringLiteral("lockscope_app"));
    child.setProcessEnvironment(environment);
    child.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("deadlockTimeoutNeedsASuperuser")});
    QVERIFY(child.waitForFinished(60'000));
    const QByteArray output = child.readAllStandardOutput() + child.readAllStandardError();
    QVERIFY2(child.exitCode() == 0 &&
                 output.contains("PASS   : TstLivePg::deadlockTimeoutNeedsASuperuser()"),
             output);
  }

  void unreachableServerFailsInOneLine() {
    LiveSqlTarget dead = target_;
    dead.address = *lockscope::live::database::parseDatabaseAddress(
        lockscope::testing::deadServer().toStdString() + "/lockscope");
    auto client = lockscope::live::database::connectLiveSql(dead, world_, "x");
    QElapsedTimer clock;
    clock.start();
    const SqlResult failed = run(*client, selectStock(1), 10'000);
    QVERIFY(clock.elapsed() < 5000);
    QCOMPARE(failed.error, SqlError::ConnectionLost);
    QVERIFY(failed.message.find('\n') == std::string::npos);
    QVERIFY2(failed.message.find("Connection refused") != std::string::npos,
             failed.message.c_str());
    QVERIFY(failed.message.find(kSecret) == std::string::npos);
    // Every later statement too, still never inside the call.
    QCOMPARE(run(*client, begin()).error, SqlError::ConnectionLost);
    const auto script = lockscope::live::database::runLiveSqlScript(dead, {"SELECT 1"});
    QVERIFY(!script);
    QVERIFY(script.message().find('\n') == std::string::npos);
    QVERIFY(script.message().find(kSecret) == std::string::npos);
  }

  // The backend makes a schema of its own and drops it when destroyed, even with a session that
  // holds a lock and another that waits for it.
  void backendDropsItsSchema() {
    auto schemas = [&] {
      const auto rows = lockscope::live::database::runLiveSqlScript(
          serverTarget(), {"SELECT nspname FROM pg_namespace WHERE nspname LIKE 'lockscope\\_%' "
                           "ORDER BY nspname"});
      return rows ? *rows : std::vector<std::vector<std::string>>{{"error"}};
    };
    const auto before = schemas();
    auto backend = startBackend();
    QCOMPARE(backend->stopped().kind, lockscope::run::BackendStop::Kind::None);
    QCOMPARE(schemas().size(), before.size() + 1);
    auto a = backend->connector().connectSql("a");
    auto b = backend->connector().connectSql("b");
    QVERIFY(runOn(*backend, *a, begin())->result.ok());
    const auto token = runOn(*backend, *a,
                             statement(StatementKind::TokenSelect, {Value::of("lock")}));
    QCOMPARE(token->result.rows, (std::vector<std::vector<std::string>>{{"0"}}));
    QVERIFY(runOn(*backend, *a, selectStock(1, RowLock::ForUpdate))->result.ok());
    QVERIFY(runOn(*backend, *b, begin())->result.ok());
    QVERIFY(!runOn(*backend, *b, selectStock(1, RowLock::ForUpdate))->done);  // waits
    QElapsedTimer clock;
    clock.start();
    backend.reset();
    QVERIFY2(clock.elapsed() < 4000, "dropping the schema waited for the run's own locks");
    QCOMPARE(schemas(), before);
  }

  // The statement sync's facts: a statement on the wire has its number until the server answers
  // it; the server reports the session of a statement waiting for a row lock (pg_blocking_pids),
  // not the holder's.
  void aWaitingStatementIsReportedWaiting() {
    auto a = connect("a");
    auto b = connect("b");
    QCOMPARE(a->statementOnTheWire(), uint64_t{0});
    QVERIFY(run(*a, begin()).ok());
    QVERIFY(run(*a, selectStock(1, RowLock::ForUpdate)).ok());
    QCOMPARE(a->statementOnTheWire(), uint64_t{0});
    QVERIFY(run(*b, begin()).ok());
    const auto waiting = start(*b, selectStock(1, RowLock::ForUpdate));
    QVERIFY(!waitFor(waiting, 300));
    QCOMPARE(b->statementOnTheWire(), uint64_t{2});
    QVERIFY(a->serverSession() != 0 && b->serverSession() != 0);
    const auto sessions = lockscope::live::database::sessionsWaitingForLocks(target_);
    QVERIFY2(sessions.ok(), sessions.message().c_str());
    QCOMPARE(*sessions, std::vector<int64_t>{b->serverSession()});
    QVERIFY(run(*a, commit()).ok());
    QVERIFY(waitFor(waiting, 5000));
    QVERIFY(waiting->result.ok());
    QCOMPARE(b->statementOnTheWire(), uint64_t{0});
  }

  // A run whose statement waits for a lock goes on: the sync holds the world only until the
  // server reports the wait, then lets the clock run to the run's deadline.
  void aRunGoesOnWhileAStatementWaits() {
    auto backend = startBackend();
    QCOMPARE(backend->stopped().kind, lockscope::run::BackendStop::Kind::None);
    auto a = backend->connector().connectSql("a");
    auto b = backend->connector().connectSql("b");
    QVERIFY(runOn(*backend, *a, begin())->result.ok());
    QVERIFY(runOn(*backend, *a, selectStock(1, RowLock::ForUpdate))->result.ok());
    QVERIFY(runOn(*backend, *b, begin())->result.ok());
    const Micros before = world_.now();
    const auto waiting = runOn(*backend, *b, selectStock(1, RowLock::ForUpdate), 300'000);
    QVERIFY(!waiting->done);
    QCOMPARE(world_.now(), before + 300'000);
    QVERIFY(runOn(*backend, *a, commit())->result.ok());
    QVERIFY(backend->runUntil([&] { return waiting->done; }, world_.now() + 3'000'000));
    QVERIFY(waiting->result.ok());
    QVERIFY2(sink_.text.find("neither answered") == std::string::npos, sink_.text.c_str());
  }

  // The CLI: pg= and mariadb= parse HOST:PORT/DB, refuse what is not, and say in one line why a
  // scenario cannot run; never with a secret.
  void cliLiveDatabaseValues() {
    const QString scenario = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                            "/scenarios/redis/crash-with-ttl.yaml");
    const QStringList environment = {QStringLiteral("LOCKSCOPE_PG_PASSWORD=") + kSecret};
    const auto noDatabase = lockscope::testing::runCli(
        {"run", scenario, "--live", "pg=127.0.0.1:5"}, {}, QDir::tempPath(), environment);
    QCOMPARE(noDatabase.exitCode, 2);
    QVERIFY2(noDatabase.err.contains("not HOST:PORT/DB"), noDatabase.err);
    const auto wrongService = lockscope::testing::runCli(
        {"run", scenario, "--live", "pg=" + address_}, {}, QDir::tempPath(), environment);
    QCOMPARE(wrongService.exitCode, 2);
    QVERIFY2(wrongService.err.contains("runs backend: database scenarios"), wrongService.err);
    QCOMPARE(wrongService.err.count('\n'), 1);
    const auto mariaDb = lockscope::testing::runCli(
        {"run", scenario, "--live", "mariadb=127.0.0.1:5/lockscope"}, {}, QDir::tempPath(),
        environment);
    QCOMPARE(mariaDb.exitCode, 2);
    QVERIFY2(mariaDb.err.contains("runs backend: database scenarios"), mariaDb.err);
    for (const auto& output : {noDatabase, wrongService, mariaDb}) {
      QVERIFY(!output.err.contains(kSecret));
      QVERIFY(!output.out.contains(kSecret));
    }
  }
};

QTEST_GUILESS_MAIN(TstLivePg)
#include "tst_live_pg.moc"
