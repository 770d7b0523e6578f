// The MariaDB client against a real MariaDB 10.11 (the mariadb_server fixture).
//
// Goal: MariaDbSqlClient keeps the SqlClient contract on the wire, and the lock semantics the
// database model must match are pinned on the real server: row locks (FOR UPDATE waits, NOWAIT
// fails at once, SKIP LOCKED leaves the row out), a unique INSERT waiting for another
// transaction's uncommitted INSERT, deadlocks and their victim, REPEATABLE READ's gap locks,
// innodb_lock_wait_timeout rolling back only the statement, a dropped connection's locks freed,
// and an unreachable server failing in one line.
//
// Method: two or three connections on one Qt event loop, each test in a fresh database with the
// run's tables (sql::schemaStatements). "Waits" is checked by the statement having no answer
// after a pause (kStillWaitingMs) and getting one after the other transaction ends; "at once" by
// an answer within kAtOnceMs. The exact codes and messages are compared, so a server that behaves
// otherwise fails here.

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTest>
#include <memory>
#include <optional>

#include "backends/api/sql_statements.h"
#include "backends/live/database/database_address.h"
#include "backends/live/database/lock_waits.h"
#include "backends/live/database/mariadb_sql_client.h"
#include "sim/engine/world.h"
#include "support/live_server.h"

namespace {

namespace sql = lockscope::sql;
using lockscope::live::database::MariaDbAddress;
using lockscope::live::database::MariaDbSqlClient;
using sql::LockWait, sql::SqlError, sql::SqlResult, sql::Statement, sql::StatementKind, sql::Value;
using Rows = std::vector<std::vector<std::string>>;

constexpr int kBoundMs = 10000;       // no single step of a test takes longer
constexpr int kStillWaitingMs = 700;  // a blocked statement has no answer after this
constexpr int kAtOnceMs = 400;        // "at once": well below any lock wait timeout
const char* const kLockWaitMessage = "Lock wait timeout exceeded; try restarting transaction";
const char* const kDeadlockMessage =
    "Deadlock found when trying to get lock; try restarting transaction";

// Runs the event loop until `done` holds or `boundMs` passed.
template <typename Done>
bool spinUntil(Done done, int boundMs = kBoundMs) {
  QElapsedTimer clock;
  clock.start();
  while (!done() && clock.elapsed() < boundMs) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
  }
  return done();
}

void spinFor(int ms) {
  QElapsedTimer clock;
  clock.start();
  while (clock.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

// A statement sent and not yet answered; `ms` is how long its answer took.
struct Outcome {
  std::optional<SqlResult> result;
  qint64 ms = -1;
  bool answeredInside = false;  // the callback ran inside execute(): a broken contract
};

std::shared_ptr<Outcome> send(MariaDbSqlClient& client, Statement statement) {
  auto outcome = std::make_shared<Outcome>();
  auto clock = std::make_shared<QElapsedTimer>();
  clock->start();
  auto inside = std::make_shared<bool>(true);
  client.execute(std::move(statement), [outcome, clock, inside](const SqlResult& result) {
    outcome->answeredInside = *inside;
    outcome->result = result;
    outcome->ms = clock->elapsed();
  });
  *inside = false;
  return outcome;
}

// Waits for the answer; an empty result (the test then fails) when none came.
SqlResult await(const std::shared_ptr<Outcome>& outcome) {
  spinUntil([&] { return outcome->result.has_value(); });
  if (outcome->answeredInside) return SqlResult::failure(SqlError::Other, "", "answered inside");
  return outcome->result.value_or(SqlResult::failure(SqlError::Other, "", "no answer"));
}

SqlResult run(MariaDbSqlClient& client, Statement statement) {
  return await(send(client, std::move(statement)));
}

Statement plain(StatementKind kind) {
  return Statement{kind, {}, sql::RowLock::None, LockWait::Wait};
}
Statement text3(StatementKind kind, const std::string& one, const std::string& two, int64_t three) {
  return {kind, {Value::of(one), Value::of(two), Value::of(three)}};
}
Statement countAdd(const std::string& name, const std::string& owner, int64_t add) {
  return text3(StatementKind::LockCountAdd, name, owner, add);
}
Statement insertLock(const std::string& name, const std::string& owner) {
  return text3(StatementKind::LockInsert, name, owner, 1000);
}
Statement selectLock(const std::string& name, sql::RowLock rowLock = sql::RowLock::None,
                     LockWait wait = LockWait::Wait) {
  return {StatementKind::LockSelect, {Value::of(name)}, rowLock, wait};
}
Statement selectForUpdate(const std::string& name, LockWait wait = LockWait::Wait) {
  return selectLock(name, sql::RowLock::ForUpdate, wait);
}

QString describe(const SqlResult& result) {
  return QString::fromStdString(result.describe() + (result.message.empty() ? "" : ": ") +
                                result.message);
}

// A failure with the server's code, and how long it took when `outcome` is given.
#define EXPECT_FAILURE(result, expectedError, expectedCode)                    \
  do {                                                                         \
    const SqlResult& checked = (result);                                       \
    QVERIFY2(checked.error == (expectedError), qPrintable(describe(checked))); \
    QCOMPARE(checked.code, std::string(expectedCode));                         \
  } while (false)
#define EXPECT_AT_ONCE(outcome) \
  QVERIFY2((outcome)->ms < kAtOnceMs, qPrintable(QString::number((outcome)->ms)))
#define EXPECT_STILL_WAITING(outcome, why) \
  do {                                     \
    spinFor(kStillWaitingMs);              \
    QVERIFY2(!(outcome)->result, why);     \
  } while (false)

#define EXPECT_OK(result)                                  \
  do {                                                     \
    const SqlResult& checked = (result);                   \
    QVERIFY2(checked.ok(), qPrintable(describe(checked))); \
  } while (false)

MariaDbAddress serverAddress(const std::string& database) {
  QFile file(QStringLiteral(LOCKSCOPE_LIVE_MARIADB_DIR "/address"));
  if (!file.open(QIODevice::ReadOnly)) return {};
  const std::string text = file.readAll().trimmed().toStdString();
  auto parsed = lockscope::live::database::parseMariaDbAddress(text);
  if (!parsed) return {};
  MariaDbAddress address = *parsed;
  address.database = database;
  return address;
}

// Connects and waits; the failure's line when it did not.
lockscope::Result<std::unique_ptr<MariaDbSqlClient>> connectTo(lockscope::sim::World& world,
                                                               const MariaDbAddress& address,
                                                               const std::string& name,
                                                               sql::SessionSettings settings = {}) {
  std::optional<lockscope::Result<std::unique_ptr<MariaDbSqlClient>>> connected;
  lockscope::live::database::connectMariaDb(
      address, name, world, settings,
      [&connected](lockscope::Result<std::unique_ptr<MariaDbSqlClient>> result) {
        connected.emplace(std::move(result));
      });
  spinUntil([&] { return connected.has_value(); });
  if (!connected) return lockscope::Status::failure("no answer from connectMariaDb");
  return std::move(*connected);
}

SqlResult runSql(MariaDbSqlClient& client, const std::string& sql) {
  std::optional<SqlResult> answer;
  client.executeSql(sql, [&answer](const SqlResult& result) { answer = result; });
  spinUntil([&] { return answer.has_value(); });
  return answer.value_or(SqlResult::failure(SqlError::Other, "", "no answer"));
}

// Counts the Reply events each client's log wrote.
class ReplyCounter : public lockscope::sim::TraceSink {
 public:
  void onEvent(const lockscope::sim::TraceEvent& event) override {
    if (event.kind == lockscope::sim::TraceKind::Request) ++requests;
    if (event.kind == lockscope::sim::TraceKind::Reply) ++replies;
  }
  int requests = 0;
  int replies = 0;
};

}  // namespace

class TestLiveMariaDb : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();

  void statementsAndTrace();
  void textParametersAreEscaped();
  void parametersGoWhereTheirNumberSays();
  void updateCountsMatchedRows();
  void forUpdateWaitsForCommit();
  void aWaitingStatementIsReportedWaiting();
  void noWaitFailsAtOnce();
  void skipLockedLeavesTheRowOut();
  void uniqueInsertWaitsForUncommittedInsert();
  void deadlockHasOneVictim();
  void deadlockVictimIsTheLighterTransaction();
  void gapLocksUnderRepeatableReadDeadlock();
  void lockWaitTimeoutRollsBackOnlyTheStatement();
  void droppedConnectionFreesItsLocks();
  void closedConnectionFreesItsLocks();
  void destroyedWhileConnecting();
  void rollbackOnTimeoutMismatchIsRefused();
  void unreachableServerFailsInOneLine();

 private:
  // A connection to this test's database; null (with a warning) when it failed.
  std::unique_ptr<MariaDbSqlClient> client(const std::string& name,
                                           sql::SessionSettings settings = {});
  // a_ and b_ connected; a_ inserted the row "lock" (owner "a"); with `aHoldsIt`, a_ is in a
  // transaction that holds it FOR UPDATE.
  bool twoClients(bool aHoldsIt);

  lockscope::sim::World world_{1};
  ReplyCounter counter_;
  std::string database_;
  int testNumber_ = 0;
  std::unique_ptr<MariaDbSqlClient> admin_;
  std::unique_ptr<MariaDbSqlClient> a_;
  std::unique_ptr<MariaDbSqlClient> b_;
};

void TestLiveMariaDb::initTestCase() {
  QVERIFY2(!serverAddress("lockscope").database.empty(),
           "no MariaDB server: run the mariadb_server fixture (ctest -L live)");
  world_.trace().addSink(&counter_);
  auto admin = connectTo(world_, serverAddress("lockscope"), "admin");
  QVERIFY2(admin.ok(), admin.message().c_str());
  admin_ = std::move(*admin);
}

// A fresh database with the run's tables for every test.
void TestLiveMariaDb::init() {
  database_ = "lockscope_t" + std::to_string(++testNumber_);
  EXPECT_OK(runSql(*admin_, "DROP DATABASE IF EXISTS " + database_));
  EXPECT_OK(runSql(*admin_, "CREATE DATABASE " + database_));
  auto setup = client("setup");
  QVERIFY(setup);
  for (const std::string& sql : sql::schemaStatements(sql::Dialect::MariaDB, {1}, {"lock"})) {
    EXPECT_OK(runSql(*setup, sql));
  }
}

void TestLiveMariaDb::cleanup() {
  a_.reset();
  b_.reset();
  if (admin_) EXPECT_OK(runSql(*admin_, "DROP DATABASE IF EXISTS " + database_));
}

std::unique_ptr<MariaDbSqlClient> TestLiveMariaDb::client(const std::string& name,
                                                          sql::SessionSettings settings) {
  auto connected = connectTo(world_, serverAddress(database_), name, settings);
  if (!connected) {
    qWarning("%s", connected.message().c_str());
    return nullptr;
  }
  return std::move(*connected);
}

bool TestLiveMariaDb::twoClients(bool aHoldsIt) {
  a_ = client("a");
  b_ = client("b");
  if (!a_ || !b_ || !run(*a_, insertLock("lock", "a")).ok()) return false;
  if (!aHoldsIt) return true;
  return run(*a_, plain(StatementKind::Begin)).ok() &&
         run(*a_, selectForUpdate("lock")).affected == 1;
}

// Statements run, rows come back as text, every statement is one Request and one Reply in the
// trace, and no callback runs inside execute() (await() checks).
void TestLiveMariaDb::statementsAndTrace() {
  auto a = client("a");
  QVERIFY(a);
  const int requestsBefore = counter_.requests;
  const int repliesBefore = counter_.replies;
  const SqlResult inserted = run(*a, insertLock("lock", "a"));
  EXPECT_OK(inserted);
  QCOMPARE(inserted.affected, 1);
  const SqlResult selected = run(*a, selectLock("lock"));
  EXPECT_OK(selected);
  QCOMPARE(selected.affected, 1);
  QCOMPARE(selected.rows, (Rows{{"a", "1", "1000"}}));
  const SqlResult missing = run(*a, selectLock("missing"));
  EXPECT_OK(missing);
  QCOMPARE(missing.affected, 0);
  const SqlResult token = run(*a, {StatementKind::TokenNext, {Value::of(std::string("lock"))}});
  QCOMPARE(token.affected, 1);
  QCOMPARE(run(*a, {StatementKind::TokenSelect, {Value::of(std::string("lock"))}}).rows,
           (Rows{{"1"}}));
  QCOMPARE(counter_.requests - requestsBefore, 5);
  QCOMPARE(counter_.replies - repliesBefore, 5);
}

// A text parameter is bound by the connection's escaping: quotes and backslashes arrive as sent.
void TestLiveMariaDb::textParametersAreEscaped() {
  auto a = client("a");
  QVERIFY(a);
  const std::string owner = "o'wner\\'; DROP TABLE locks; --";
  EXPECT_OK(run(*a, insertLock("lock", owner)));
  const SqlResult selected = run(*a, selectLock("lock"));
  QCOMPARE(selected.rows.size(), size_t{1});
  QCOMPARE(selected.rows[0][0], owner);
}

// The statements use their $n out of order ("SET owner = $2, lock_until = $3 WHERE name = $1"):
// each `?` gets the parameter its $n names.
void TestLiveMariaDb::parametersGoWhereTheirNumberSays() {
  QVERIFY(twoClients(false));
  const SqlResult taken = run(*a_, {StatementKind::LockTakeExpired,
                                    {Value::of(std::string("lock")), Value::of(std::string("b")),
                                     Value::of(int64_t{5000}), Value::of(int64_t{2000})}});
  EXPECT_OK(taken);
  QCOMPARE(taken.affected, 1);
  QCOMPARE(run(*a_, selectLock("lock")).rows, (Rows{{"b", "1", "5000"}}));
  const SqlResult updated = run(
      *a_, {StatementKind::InventoryUpdate, {Value::of(int64_t{1}), Value::of(int64_t{7})}});
  QCOMPARE(updated.affected, 1);
  QCOMPARE(run(*a_, {StatementKind::InventorySelect, {Value::of(int64_t{1})}}).rows,
           (Rows{{"7", "0"}}));
}

// UPDATE counts the rows it matched, also when no value changed (CLIENT_FOUND_ROWS), as
// PostgreSQL does: a lock recipe's "did my UPDATE take the row" must not depend on the values.
void TestLiveMariaDb::updateCountsMatchedRows() {
  QVERIFY(twoClients(false));
  const SqlResult same = run(*a_, countAdd("lock", "a", 0));
  EXPECT_OK(same);
  QCOMPARE(same.affected, 1);
  QCOMPARE(run(*a_, countAdd("lock", "b", 1)).affected, 0);
}

void TestLiveMariaDb::forUpdateWaitsForCommit() {
  QVERIFY(twoClients(true));
  EXPECT_OK(run(*b_, plain(StatementKind::Begin)));
  auto waiting = send(*b_, selectForUpdate("lock"));
  EXPECT_STILL_WAITING(waiting, "a second FOR UPDATE did not wait for the first");
  EXPECT_OK(run(*a_, plain(StatementKind::Commit)));
  const SqlResult granted = await(waiting);
  EXPECT_OK(granted);
  QCOMPARE(granted.affected, 1);
  EXPECT_OK(run(*b_, plain(StatementKind::Commit)));
}

// The statement sync's facts (statement_sync.h): a statement on the wire has its number until the
// server answers it, and INNODB_LOCK_WAITS names the waiting session's thread, not the holder's.
void TestLiveMariaDb::aWaitingStatementIsReportedWaiting() {
  QVERIFY(twoClients(true));
  QCOMPARE(a_->statementOnTheWire(), uint64_t{0});
  EXPECT_OK(run(*b_, plain(StatementKind::Begin)));
  auto waiting = send(*b_, selectForUpdate("lock"));
  EXPECT_STILL_WAITING(waiting, "a second FOR UPDATE did not wait for the first");
  QVERIFY(b_->statementOnTheWire() != 0);
  QVERIFY(a_->serverSession() != 0 && b_->serverSession() != 0);
  auto address = lockscope::live::database::parseDatabaseAddress(serverAddress(database_).text());
  QVERIFY2(address.ok(), address.message().c_str());
  const lockscope::live::database::LiveSqlTarget target{.dialect = sql::Dialect::MariaDB,
                                                        .address = *address};
  const auto sessions = lockscope::live::database::sessionsWaitingForLocks(target);
  QVERIFY2(sessions.ok(), sessions.message().c_str());
  QCOMPARE(*sessions, std::vector<int64_t>{b_->serverSession()});
  EXPECT_OK(run(*a_, plain(StatementKind::Commit)));
  EXPECT_OK(await(waiting));
  QCOMPARE(b_->statementOnTheWire(), uint64_t{0});
  EXPECT_OK(run(*b_, plain(StatementKind::Commit)));
}

// NOWAIT on a locked row: 1205, the lock wait timeout's own code and message, at once.
void TestLiveMariaDb::noWaitFailsAtOnce() {
  QVERIFY(twoClients(true));
  auto refused = send(*b_, selectForUpdate("lock", LockWait::NoWait));
  const SqlResult result = await(refused);
  EXPECT_FAILURE(result, SqlError::LockNotAvailable, "1205");
  QCOMPARE(result.message, std::string(kLockWaitMessage));
  EXPECT_AT_ONCE(refused);
  // Not locked: NOWAIT reads it.
  EXPECT_OK(run(*a_, plain(StatementKind::Commit)));
  QCOMPARE(run(*b_, selectForUpdate("lock", LockWait::NoWait)).affected, 1);
}

// SKIP LOCKED reads the row when it is free and leaves it out, at once, when it is locked.
void TestLiveMariaDb::skipLockedLeavesTheRowOut() {
  QVERIFY(twoClients(false));
  QCOMPARE(run(*b_, selectForUpdate("lock", LockWait::SkipLocked)).affected, 1);
  EXPECT_OK(run(*a_, plain(StatementKind::Begin)));
  QCOMPARE(run(*a_, selectForUpdate("lock")).affected, 1);
  auto skipped = send(*b_, selectForUpdate("lock", LockWait::SkipLocked));
  const SqlResult result = await(skipped);
  EXPECT_OK(result);
  QCOMPARE(result.affected, 0);
  QVERIFY(result.rows.empty());
  EXPECT_AT_ONCE(skipped);
}

// The second INSERT of a key waits for the transaction whose INSERT of it is uncommitted: a
// duplicate key when that one commits, inserted when it rolls back.
void TestLiveMariaDb::uniqueInsertWaitsForUncommittedInsert() {
  QVERIFY(twoClients(false));
  for (const bool commit : {true, false}) {
    const std::string key = commit ? "committed" : "rolled-back";
    EXPECT_OK(run(*a_, plain(StatementKind::Begin)));
    EXPECT_OK(run(*a_, insertLock(key, "a")));
    auto second = send(*b_, insertLock(key, "b"));
    EXPECT_STILL_WAITING(second, "the second INSERT did not wait for the uncommitted one");
    EXPECT_OK(run(*a_, plain(commit ? StatementKind::Commit : StatementKind::Rollback)));
    const SqlResult result = await(second);
    if (commit) {
      EXPECT_FAILURE(result, SqlError::UniqueViolation, "1062");
      QCOMPARE(result.message, "Duplicate entry '" + key + "' for key 'PRIMARY'");
    } else {
      EXPECT_OK(result);
      QCOMPARE(result.affected, 1);
      QCOMPARE(run(*a_, selectLock(key)).rows[0][0], std::string("b"));
    }
  }
}

// Two rows locked in opposite orders: the statement that closes the cycle (b's) is the victim,
// at once; its transaction is rolled back, so a's waiting statement gets the row.
void TestLiveMariaDb::deadlockHasOneVictim() {
  QVERIFY(twoClients(true));  // a holds "lock"
  EXPECT_OK(run(*b_, insertLock("other", "b")));
  EXPECT_OK(run(*b_, plain(StatementKind::Begin)));
  QCOMPARE(run(*b_, selectForUpdate("other")).affected, 1);
  auto first = send(*a_, selectForUpdate("other"));
  EXPECT_STILL_WAITING(first, "a's FOR UPDATE of b's row did not wait");
  auto second = send(*b_, selectForUpdate("lock"));
  const SqlResult victim = await(second);
  EXPECT_FAILURE(victim, SqlError::Deadlock, "1213");
  QCOMPARE(victim.message, std::string(kDeadlockMessage));
  EXPECT_AT_ONCE(second);
  const SqlResult survivor = await(first);
  EXPECT_OK(survivor);
  QCOMPARE(survivor.affected, 1);
  // The victim's transaction is gone: outside one, its next statement runs on its own.
  EXPECT_OK(run(*a_, plain(StatementKind::Commit)));
  QCOMPARE(run(*b_, selectForUpdate("lock", LockWait::NoWait)).affected, 1);
}

// InnoDB's victim is the transaction of less weight (undo records and locks), not always the one
// that closed the cycle: b, having inserted three rows, outweighs a, so a's waiting statement is
// the victim when b's request closes the cycle.
void TestLiveMariaDb::deadlockVictimIsTheLighterTransaction() {
  QVERIFY(twoClients(true));  // a holds "lock"
  EXPECT_OK(run(*b_, plain(StatementKind::Begin)));
  for (const char* name : {"b1", "b2", "b3"}) EXPECT_OK(run(*b_, insertLock(name, "b")));
  auto waiting = send(*a_, selectForUpdate("b1"));
  EXPECT_STILL_WAITING(waiting, "a's FOR UPDATE of b's uncommitted row did not wait");
  auto closing = send(*b_, selectForUpdate("lock"));
  const SqlResult victim = await(waiting);
  EXPECT_FAILURE(victim, SqlError::Deadlock, "1213");
  const SqlResult survivor = await(closing);
  EXPECT_OK(survivor);
  QCOMPARE(survivor.affected, 1);
  EXPECT_AT_ONCE(closing);
}

// REPEATABLE READ (the default): two transactions lock the gap where a missing name would be
// (both succeed: gap locks do not conflict), then both INSERT it: the first INSERT waits for the
// other's gap lock, the second closes the cycle and is the deadlock's victim; the first then
// inserts.
void TestLiveMariaDb::gapLocksUnderRepeatableReadDeadlock() {
  QVERIFY(twoClients(false));
  for (MariaDbSqlClient* client : {a_.get(), b_.get()}) {
    EXPECT_OK(run(*client, plain(StatementKind::Begin)));
    const SqlResult read = run(*client, selectForUpdate("missing"));
    EXPECT_OK(read);
    QCOMPARE(read.affected, 0);
  }
  auto first = send(*a_, insertLock("missing", "a"));
  EXPECT_STILL_WAITING(first, "an INSERT into a gap another transaction locked did not wait");
  auto second = send(*b_, insertLock("missing", "b"));
  const SqlResult victim = await(second);
  EXPECT_FAILURE(victim, SqlError::Deadlock, "1213");
  EXPECT_AT_ONCE(second);
  const SqlResult inserted = await(first);
  EXPECT_OK(inserted);
  QCOMPARE(inserted.affected, 1);
  EXPECT_OK(run(*a_, plain(StatementKind::Commit)));
  QCOMPARE(run(*b_, selectLock("missing")).rows[0][0], std::string("a"));
}

// innodb_lock_wait_timeout = 1: 1205 after about a second; only the statement is rolled back,
// the transaction stays open with its earlier change and that change's row lock.
void TestLiveMariaDb::lockWaitTimeoutRollsBackOnlyTheStatement() {
  QVERIFY(twoClients(true));
  sql::SessionSettings oneSecond;
  oneSecond.innodbLockWaitTimeoutS = 1;
  b_ = client("b", oneSecond);
  QVERIFY(b_);
  EXPECT_OK(run(*b_, plain(StatementKind::Begin)));
  EXPECT_OK(run(*b_, insertLock("earlier", "b")));
  auto timedOut = send(*b_, selectForUpdate("lock"));
  const SqlResult result = await(timedOut);
  EXPECT_FAILURE(result, SqlError::LockTimeout, "1205");
  QCOMPARE(result.message, std::string(kLockWaitMessage));
  QVERIFY2(timedOut->ms >= 900 && timedOut->ms < 3000, qPrintable(QString::number(timedOut->ms)));
  // b's transaction is open: it sees its own insert, and a cannot lock that row yet.
  QCOMPARE(run(*b_, selectLock("earlier")).affected, 1);
  EXPECT_OK(run(*a_, plain(StatementKind::Commit)));
  EXPECT_FAILURE(run(*a_, selectForUpdate("earlier", LockWait::NoWait)), SqlError::LockNotAvailable,
                 "1205");
  EXPECT_OK(run(*b_, plain(StatementKind::Commit)));
  QCOMPARE(run(*a_, selectLock("earlier")).rows[0][0], std::string("b"));
}

// A connection closed without a word (a crashed process): the server rolls its transaction back
// and the statement waiting for its row lock gets the row.
void TestLiveMariaDb::droppedConnectionFreesItsLocks() {
  QVERIFY(twoClients(false));
  EXPECT_OK(run(*a_, plain(StatementKind::Begin)));
  EXPECT_OK(run(*a_, countAdd("lock", "a", 5)));
  auto waiting = send(*b_, selectForUpdate("lock"));
  EXPECT_STILL_WAITING(waiting, "b did not wait for a's row lock");
  auto lost = send(*a_, selectLock("lock"));  // in flight when the process dies: never answered
  a_->drop();
  const SqlResult granted = await(waiting);
  EXPECT_OK(granted);
  QCOMPARE(granted.rows, (Rows{{"a", "1", "1000"}}));
  spinFor(100);
  QVERIFY(!lost->result);
  // A statement on a closed connection fails ConnectionLost (later, not inside execute()).
  b_->drop();
  EXPECT_FAILURE(run(*b_, selectLock("lock")), SqlError::ConnectionLost, "");
}

// close(): COM_QUIT, then `done`; the server rolls the transaction back, and the connection
// answers nothing more but ConnectionLost.
void TestLiveMariaDb::closedConnectionFreesItsLocks() {
  QVERIFY(twoClients(true));
  auto waiting = send(*b_, selectForUpdate("lock"));
  EXPECT_STILL_WAITING(waiting, "b did not wait for a's row lock");
  bool closed = false;
  a_->close([&closed] { closed = true; });
  QVERIFY(!closed);
  QVERIFY(spinUntil([&] { return closed; }));
  EXPECT_OK(await(waiting));
  EXPECT_FAILURE(run(*a_, selectLock("lock")), SqlError::ConnectionLost, "");
}

// A client destroyed before its connection is ready (a run that ends at once), at different
// points of the connect, neither crashes nor calls back after its end.
void TestLiveMariaDb::destroyedWhileConnecting() {
  bool calledAfterEnd = false;
  for (int i = 0; i < 6; ++i) {
    auto ended = std::make_shared<bool>(false);
    const auto callback = [ended, &calledAfterEnd] { calledAfterEnd = calledAfterEnd || *ended; };
    auto client = std::make_unique<MariaDbSqlClient>(
        serverAddress(database_), "a", world_, sql::SessionSettings{},
        [callback](const lockscope::Status&) { callback(); });
    client->execute(selectLock("lock"), [callback](const SqlResult&) { callback(); });
    spinFor(i);
    client.reset();
    *ended = true;
  }
  spinFor(200);
  QVERIFY(!calledAfterEnd);
}

// innodb_rollback_on_timeout is a server startup option: a scenario needing ON on a server
// running OFF (the fixture's) is refused at connect, in one line.
void TestLiveMariaDb::rollbackOnTimeoutMismatchIsRefused() {
  sql::SessionSettings rollsBack;
  rollsBack.innodbRollbackOnTimeout = true;
  auto refused = connectTo(world_, serverAddress(database_), "a", rollsBack);
  QVERIFY(!refused.ok());
  QVERIFY2(refused.message().find("innodb_rollback_on_timeout OFF") != std::string::npos,
           refused.message().c_str());
  QVERIFY(refused.message().find('\n') == std::string::npos);
}

// Nothing listens: the connect fails in one line naming the server, soon; a statement sent to
// such a client fails ConnectionLost with that line.
void TestLiveMariaDb::unreachableServerFailsInOneLine() {
  MariaDbAddress dead = *lockscope::live::database::parseMariaDbAddress(
      lockscope::testing::deadServer().toStdString() + "/lockscope");
  QElapsedTimer clock;
  clock.start();
  auto refused = connectTo(world_, dead, "a");
  QVERIFY(!refused.ok());
  QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
  QVERIFY2(refused.message().find("mariadb " + dead.text() + ": ") == 0, refused.message().c_str());
  QVERIFY(refused.message().find('\n') == std::string::npos);

  MariaDbSqlClient client(dead, "b", world_, {});
  const SqlResult result = run(client, selectLock("lock"));
  EXPECT_FAILURE(result, SqlError::ConnectionLost, "");
  QVERIFY2(result.message.find("mariadb " + dead.text()) == 0, result.message.c_str());
}

QTEST_GUILESS_MAIN(TestLiveMariaDb)
#include "tst_live_mariadb.moc"
