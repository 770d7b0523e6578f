// The live Redis backend against real redis-server processes (the redis_servers fixture).
//
// Goal: LiveRedisClient keeps the RedisClient contract on the wire (replies as the model's,
// callbacks never inside the call and in order, timeouts ours, connection failures answered, the
// Lua of every lock script doing what the model's script does), and the Redis lessons that need no
// model-only fault hold their expectations live through `lockscope-cli check --live redis=`.
//
// Method: the client is driven by a QEventLoop until its callbacks ran (bounded). The scripts are
// checked differentially: the same command sequence on the model's CommandExecutor and on the
// server must give the same replies. A timeout is provoked by SIGSTOPping a server (its kernel
// still accepts the connection and buffers the request). The CLI runs as a child process.

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QTimer>
#include <csignal>

#include "backends/live/redis/live_redis_client.h"
#include "backends/live/redis/redis_address.h"
#include "backends/live/redis/redis_blocking.h"
#include "backends/model/redis/command_executor.h"
#include "backends/model/redis/lua_engine.h"
#include "support/live_redis_lessons.h"
#include "support/live_redis_servers.h"
#include "support/live_server.h"

namespace {

using lockscope::live::redis::LiveRedisClient;
using lockscope::live::redis::RedisAddress;
using lockscope::redis::Command;
using lockscope::redis::Reply;
using lockscope::redis::ReplyType;

RedisAddress address(const QString& text) {
  return lockscope::live::parseServerList(text.toStdString())->front();
}

// Sends every command, then runs the event loop until all are answered (at most `boundMs`).
std::vector<Reply> send(LiveRedisClient& client, const std::vector<Command>& commands,
                        int boundMs = 5000) {
  std::vector<Reply> replies;
  bool inside = false;
  for (const Command& command : commands) {
    inside = true;
    client.command(command, [&replies, &inside](const Reply& reply) {
      if (inside) QFAIL("a callback ran inside command()");
      replies.push_back(reply);
    });
    inside = false;
  }
  QElapsedTimer clock;
  clock.start();
  QEventLoop loop;
  while (replies.size() < commands.size() && clock.elapsed() < boundMs) {
    loop.processEvents(QEventLoop::AllEvents, 10);
  }
  return replies;
}

// A reply with its type and, for an array, every element: "array[integer 1, nil]".
QString describeDeep(const Reply& reply) {
  QString text = QString::fromLatin1(lockscope::redis::replyTypeName(reply.type));
  if (reply.type == ReplyType::Array) {
    QStringList elements;
    for (const Reply& element : reply.elements) elements << describeDeep(element);
    return text + "[" + elements.join(", ") + "]";
  }
  return text + " " + QString::fromStdString(reply.describe());
}

QString describe(const std::vector<Reply>& replies) {
  QStringList out;
  for (const Reply& reply : replies) out << QString::fromStdString(reply.describe());
  return out.join(QStringLiteral(" | "));
}

// The pid redis-servers.sh recorded when it started the server: never one a server reports.
pid_t serverPid(const RedisAddress& server) {
  QFile file(QStringLiteral(LOCKSCOPE_LIVE_REDIS_DIR "/redis-%1.pid").arg(server.port));
  return file.open(QIODevice::ReadOnly) ? static_cast<pid_t>(file.readAll().trimmed().toLongLong())
                                        : 0;
}

struct CliResult {
  int exitCode = -1;
  QString out;
  QString err;
};

CliResult cli(const QStringList& arguments, int boundMs = 120000) {
  QProcess process;
  process.start(QStringLiteral(LOCKSCOPE_CLI_PATH), arguments);
  process.waitForFinished(boundMs);
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          QString::fromUtf8(process.readAllStandardOutput()),
          QString::fromUtf8(process.readAllStandardError())};
}

QString lesson(const char* name) {
  return QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/%1.yaml").arg(QLatin1String(name));
}

}  // namespace

class LiveRedisTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY2(lockscope::testing::liveRedisServers().split(',').size() == 5,
             "no live Redis servers: run through ctest (the redis_servers fixture starts five)");
    server_ = address(lockscope::testing::liveRedisServers(1));
  }

  void init() {
    const auto flushed = lockscope::live::redis::commandAndWait(server_, {"FLUSHALL"}, 2000);
    QVERIFY2(flushed, flushed.message().c_str());
  }

  void setNxPxGetAndPttl() {
    LiveRedisClient client("redis-1", server_.host, server_.port);
    const auto replies = send(client, {{"SET", "lock", "t1", "NX", "PX", "30000"},
                                       {"SET", "lock", "t2", "NX", "PX", "30000"},
                                       {"GET", "lock"},
                                       {"PTTL", "missing"},
                                       {"SET", "plain", "v"},
                                       {"PTTL", "plain"},
                                       {"PTTL", "lock"}});
    QCOMPARE(replies.size(), size_t(7));
    QCOMPARE(describe({replies.begin(), replies.end() - 1}),
             QStringLiteral("OK | nil | \"t1\" | -2 | OK | -1"));
    QCOMPARE(replies.back().type, ReplyType::Integer);
    QVERIFY(replies.back().integer > 29000 && replies.back().integer <= 30000);
  }

  // Every lock script's Lua against the model's transcription of it, on the same sequence.
  void scriptsAgreeWithTheModel() {
    const std::vector<Command> commands = {
        {"EVAL", "compare_and_delete", "1", "k", "t"},
        {"SET", "k", "t", "PX", "30000"},
        {"EVAL", "compare_and_delete", "1", "k", "other"},
        {"EVAL", "compare_and_extend", "1", "k", "other", "60000"},
        {"EVAL", "compare_and_extend", "1", "k", "t", "60000"},
        {"EVAL", "compare_and_delete", "1", "k", "t"},
        {"GET", "k"},
        {"EVAL", "reentrant_acquire", "1", "r", "30000", "owner-a"},
        {"EVAL", "reentrant_acquire", "1", "r", "30000", "owner-a"},
        {"HGET", "r", "owner-a"},
        {"EVAL", "reentrant_release", "1", "r", "30000", "owner-b"},
        {"EVAL", "reentrant_release", "1", "r", "30000", "owner-a"},
        {"EVAL", "reentrant_release", "1", "r", "30000", "owner-a"},
        {"EXISTS", "r"},
        {"EVAL", "fenced_acquire", "1", "f", "t1", "30000"},
        {"EVAL", "fenced_acquire", "1", "f", "t2", "30000"},
        {"DEL", "f"},
        {"EVAL", "fenced_acquire", "1", "f", "t3", "30000"},
        {"GET", "f:fence"},
    };
    LiveRedisClient client("redis-1", server_.host, server_.port);
    const auto live = send(client, commands);
    QCOMPARE(live.size(), commands.size());
    lockscope::redis::model::Keyspace keys(true);
    std::vector<lockscope::redis::model::KeyChange> changes;
    std::vector<Reply> model;
    for (const Command& command : commands) {
      model.push_back(lockscope::redis::model::CommandExecutor(keys, 0, changes).execute(command));
    }
    QCOMPARE(describe(live), describe(model));
  }

  // Scripts of our own, not the lock scripts: the model's Lua engine against the server's on the
  // same sequence, reply by reply with types and nesting (conversions both ways, KEYS and ARGV,
  // redis.call against redis.pcall, every error's text and the line it names, math.random).
  void luaScriptsAgreeWithTheServer() {
    const std::vector<Command> commands = {
        {"EVAL", "return 1", "0"},
        {"EVAL", "return 'text'", "0"},
        {"EVAL", "return 3.99", "0"},
        {"EVAL", "return -3.5", "0"},
        {"EVAL", "return 1e20", "0"},
        {"EVAL", "return true", "0"},
        {"EVAL", "return false", "0"},
        {"EVAL", "return nil", "0"},
        {"EVAL", "return {1, 2, false, 3}", "0"},
        {"EVAL", "return {1, nil, 2}", "0"},
        {"EVAL", "return {{1, 'a'}, {}, {ok = 'inner'}, {err = 'E inner'}}", "0"},
        {"EVAL", "return {ok = 'fine'}", "0"},
        {"EVAL", "return {err = 'bad thing'}", "0"},
        {"EVAL", "return redis.error_reply('E1 x')", "0"},
        {"EVAL", "return redis.status_reply('S')", "0"},
        {"EVAL", "return {KEYS[1], KEYS[2], ARGV[1], ARGV[2], #KEYS, #ARGV}", "2", "k1", "k2", "a1",
         "a2"},
        {"EVAL", "return 1", "x"},
        {"EVAL", "return 1", "-1"},
        {"EVAL", "return 1", "2", "only-one"},
        {"EVAL", "return 1"},
        {"EVAL", "return redis.call('set', KEYS[1], ARGV[1])", "1", "s", "abc"},
        {"EVAL", "return redis.call('get', 'missing')", "0"},
        {"EVAL", "return redis.call('get', 'missing') == false", "0"},
        {"EVAL", "return redis.call('incr', KEYS[1])", "1", "s"},
        {"EVAL", "return redis.pcall('incr', KEYS[1])", "1", "s"},
        {"EVAL", "local r = redis.pcall('incr', KEYS[1]); return r['err']", "1", "s"},
        {"EVAL", "return redis.call('nosuch')", "0"},
        {"EVAL", "return redis.call('get', {})", "0"},
        {"EVAL", "return redis.call()", "0"},
        {"EVAL", "return redis.call('eval', 'return 1', '0')", "0"},
        {"EVAL",
         "redis.call('set', 'n1', 1.5); redis.call('set', 'n2', 3); "
         "redis.call('set', 'n3', 0.1); redis.call('set', 'n4', 1/3); "
         "return {redis.call('get', 'n1'), redis.call('get', 'n2'), "
         "redis.call('get', 'n3'), redis.call('get', 'n4')}",
         "0"},
        {"EVAL", "return 'a' ..", "0"},
        {"EVAL", "error('boom')", "0"},
        {"EVAL", "error({err = 'X tbl'})", "0"},
        {"EVAL", "return x", "0"},
        {"EVAL", "x = 1", "0"},
        {"EVAL", "return loadfile", "0"},
        {"EVAL", "local a = 1\nlocal b = 2\nreturn redis.call('incr', 's')", "0"},
        {"EVAL", "local t = nil\n\nreturn t.field", "0"},
        {"EVAL",
         "math.randomseed(7); return {math.random(100), math.random(1, 6), "
         "math.random(100), tostring(math.random())}",
         "0"},
        {"EVAL", "return redis.sha1hex('abc')", "0"},
        // Nothing a script does outlives it: the globals and the libraries are read-only.
        {"EVAL", "string.x = 1", "0"},
        {"EVAL", "rawset(_G, 'x', 1)", "0"},
        {"EVAL", "rawset(string, 'x', 1)", "0"},
        {"EVAL", "setmetatable(_G, nil)", "0"},
        {"EVAL", "return getmetatable('')", "0"},
        {"EVAL", "return type(getmetatable(_G))", "0"},
        {"EVAL", "redis.call = nil", "0"},
        {"EVAL", "KEYS[5] = 'left'; return #KEYS", "1", "k"},
        {"EVAL", "return {#KEYS, KEYS[5]}", "1", "k"},
        {"EVAL", "return setfenv", "0"},
        {"EVAL", "return rawset({}, 'a', 7).a", "0"},
        {"EVAL", "return setmetatable({}, {__index = function() return 5 end}).anything", "0"},
        {"EVAL",
         "return {string.format('%d-%s', 5, 'x'), string.rep('ab', 3), "
         "table.concat({'a', 'b'}, ','), tostring(0.1)}",
         "0"},
        {"EVAL", "redis.call('hincrby', KEYS[1], 'f', 2); return redis.call('get', KEYS[1])", "1",
         "h"},
        {"EVAL",
         "return {redis.call('hget', KEYS[1], 'f'), redis.call('hexists', KEYS[1], 'g'), "
         "redis.call('exists', KEYS[1]), redis.call('del', KEYS[1])}",
         "1", "h"},
    };
    LiveRedisClient client("redis-1", server_.host, server_.port);
    const auto live = send(client, commands);
    QCOMPARE(live.size(), commands.size());
    lockscope::redis::model::Keyspace keys(true);
    std::vector<lockscope::redis::model::KeyChange> changes;
    uint64_t random = lockscope::redis::model::LuaEngine::kFreshRandomState;
    for (size_t i = 0; i < commands.size(); ++i) {
      const Reply model =
          lockscope::redis::model::CommandExecutor(keys, 0, changes, &random).execute(commands[i]);
      QCOMPARE(describeDeep(model), describeDeep(live[i]));
    }
  }

  void repliesComeInOrder() {
    LiveRedisClient client("redis-1", server_.host, server_.port);
    std::vector<Command> commands(200, Command{"INCR", "counter"});
    const auto replies = send(client, commands);
    QCOMPARE(replies.size(), commands.size());
    for (size_t i = 0; i < replies.size(); ++i) QCOMPARE(replies[i].integer, int64_t(i + 1));
  }

  // A stopped server accepts the request but never answers: our timer does. Its reply, arriving
  // after SIGCONT, is dropped and the next request gets its own reply.
  void timeoutOnAStoppedServer() {
    const pid_t pid = serverPid(server_);
    QVERIFY(pid > 0);
    LiveRedisClient client("redis-1", server_.host, server_.port, 200);
    QCOMPARE(describe(send(client, {{"SET", "k", "before"}})), QStringLiteral("OK"));
    QCOMPARE(::kill(pid, SIGSTOP), 0);
    QElapsedTimer clock;
    clock.start();
    const auto timedOut = send(client, {{"GET", "k"}, {"SET", "k", "during"}});
    const qint64 elapsedMs = clock.elapsed();
    ::kill(pid, SIGCONT);
    QCOMPARE(describe(timedOut), QStringLiteral("timeout | timeout"));
    QVERIFY2(elapsedMs >= 190 && elapsedMs < 2000, QByteArray::number(elapsedMs));
    // The server runs both late requests after SIGCONT; their replies must not be taken for
    // these.
    QCOMPARE(describe(send(client, {{"GET", "k"}, {"PING"}})), QStringLiteral("\"during\" | PONG"));
  }

  void unreachableServerAnswersDisconnected() {
    const RedisAddress dead = address(lockscope::testing::deadServer());
    LiveRedisClient client("redis-1", dead.host, dead.port, 1000);
    const auto replies = send(client, {{"PING"}, {"GET", "k"}});
    QCOMPARE(describe(replies), QStringLiteral("disconnected | disconnected"));
  }

  // A server killed under a client: waiting requests fail, and the client connects again to the
  // server started in its place.
  void reconnectsAfterTheServerComesBack() {
    LiveRedisClient client("redis-1", server_.host, server_.port, 1000);
    QCOMPARE(describe(send(client, {{"PING"}})), QStringLiteral("PONG"));
    // CLIENT KILL closes our connection from the server's side, as a dying server would.
    QVERIFY(lockscope::live::redis::commandAndWait(server_, {"CLIENT", "KILL", "TYPE", "normal"},
                                                   2000));
    QTest::qWait(50);
    const auto afterKill = send(client, {{"PING"}});
    QCOMPARE(afterKill.size(), size_t(1));
    QVERIFY(afterKill.front().type == ReplyType::Disconnected || afterKill.front().text == "PONG");
    QCOMPARE(describe(send(client, {{"PING"}})), QStringLiteral("PONG"));
  }

  // --- the CLI ---

  void unreachableServerIsExit3NamingIt() {
    const QString dead = lockscope::testing::deadServer();
    QElapsedTimer clock;
    clock.start();
    const CliResult result = cli({"run", lesson("crash-with-ttl"), "--live", "redis=" + dead});
    QCOMPARE(result.exitCode, 3);
    QVERIFY2(result.err.contains(dead), qPrintable(result.err));
    QCOMPARE(result.err.count('\n'), 1);
    QVERIFY(clock.elapsed() < 10000);
  }

  void serverCountMismatchIsExit2() {
    const CliResult result = cli({"run", lesson("redlock-happy-path"), "--live",
                                  "redis=" + lockscope::testing::liveRedisServers(2)});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(
        result.err.contains("has 5 Redis instance(s)") && result.err.contains("names 2 server(s)"),
        qPrintable(result.err));
  }

  void malformedOrMismatchedLiveValueIsExit2() {
    const CliResult malformed = cli({"run", lesson("crash-with-ttl"), "--live", "redis=localhost"});
    QCOMPARE(malformed.exitCode, 2);
    QVERIFY2(malformed.err.contains("'localhost' is not HOST:PORT"), qPrintable(malformed.err));
    const CliResult zookeeper = cli(
        {"check", QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/herd-chained.yaml"),
         "--live", "redis=" + lockscope::testing::liveRedisServers(1)});
    QCOMPARE(zookeeper.exitCode, 2);
    QVERIFY2(zookeeper.err.contains("this one is backend: zookeeper"), qPrintable(zookeeper.err));
  }

  void modelOnlyFaultIsExit2AtItsLine() {
    const CliResult result = cli({"run", lesson("redlock-clock-jump"), "--live",
                                  "redis=" + lockscope::testing::liveRedisServers(5)});
    QCOMPARE(result.exitCode, 2);
    static const QRegularExpression located(
        QStringLiteral("redlock-clock-jump\\.yaml:\\d+:\\d+: clock_jump is model-only \\("));
    QVERIFY2(located.match(result.err).hasMatch(), qPrintable(result.err));
  }

  void runReportsBackendLive() {
    const CliResult result = cli({"run", lesson("crash-with-ttl"), "--json", "--live",
                                  "redis=" + lockscope::testing::liveRedisServers(1)});
    QCOMPARE(result.exitCode, 0);
    const QJsonObject report = QJsonDocument::fromJson(result.out.toUtf8()).object();
    QCOMPARE(report.value("backend").toString(), QStringLiteral("live"));
    QCOMPARE(report.value("acquisitions").toInt(), 3);
  }

  // The lessons without clock jumps, failovers, replicas or persistence, judged live by their
  // own expectations.
  void lessonsHoldLive_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("instances");
    for (const auto& [name, instances] : lockscope::testing::liveRedisLessons()) {
      QTest::newRow(name) << QString::fromLatin1(name) << instances;
    }
  }

  void lessonsHoldLive() {
    QFETCH(QString, name);
    QFETCH(int, instances);
    const CliResult result = cli({"check", lesson(name.toLatin1().constData()), "--live",
                                  "redis=" + lockscope::testing::liveRedisServers(instances)});
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY(result.out.contains("1 passed, 0 failed"));
  }

 private:
  RedisAddress server_;
};

QTEST_GUILESS_MAIN(LiveRedisTest)
#include "tst_live_redis.moc"
