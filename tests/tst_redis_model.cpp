// Goal: the Redis model behaves as Redis does where the lock lessons depend on it: SET NX PX and
// PTTL's -2/-1, lazy and active expiry on the instance's own clock (and its jumps), the lock
// scripts as atomic steps, replication that loses unreplicated writes on failover, what each
// persistence mode keeps across a crash, and a client whose replies wait out its pause.
// Method: instances are driven directly (RedisInstance::execute) when the network is beside the
// point, and through a ModelRedisClient when it is not; facts are read from replies and the trace.
#include <QtTest>

#include "backends/api/redis_scripts.h"
#include "backends/model/redis/redis_deployment.h"
#include "sim/trace/trace_sinks.h"

using namespace lockscope;
using namespace lockscope::redis;
using namespace lockscope::redis::model;
using sim::fromMillis;

namespace {

Reply run(RedisInstance& instance, const Command& argv) {
  const std::optional<Reply> reply = instance.execute(argv);
  return reply ? *reply : Reply{ReplyType::Disconnected, "down", 0, {}};
}

Command script(std::string_view name, std::vector<std::string> args) {
  Command argv = {"EVAL", std::string(name), "1", "lock"};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

// Deleted events for `key` at `instance` with `detail` ("" lazy, "active", "replicated").
int deletions(const sim::TraceRecorder& trace, const std::string& instance,
              const std::string& detail) {
  int count = 0;
  for (const auto& event : trace.events()) {
    if (event.kind == sim::TraceKind::KeyDeleted && event.actor == instance &&
        event.op == sim::KeyDeletedOp::Expired && event.detail == detail) {
      ++count;
    }
  }
  return count;
}

}  // namespace

class RedisModelTest : public QObject {
  Q_OBJECT

 private slots:
  void setNxPxAndPttl() {
    sim::World world(1);
    RedisInstance redis(world, {.name = "redis-1"});
    QVERIFY(run(redis, {"SET", "lock", "a", "NX", "PX", "1000"}).isOk());
    QVERIFY(run(redis, {"SET", "lock", "b", "NX", "PX", "1000"}).isNil());
    QCOMPARE(run(redis, {"GET", "lock"}).text, std::string("a"));
    world.runUntilTime(fromMillis(250));
    QCOMPARE(run(redis, {"PTTL", "lock"}).integer, int64_t{750});
    QCOMPARE(run(redis, {"PTTL", "missing"}).integer, int64_t{-2});
    QVERIFY(run(redis, {"SET", "plain", "x"}).isOk());
    QCOMPARE(run(redis, {"PTTL", "plain"}).integer, int64_t{-1});
    QCOMPARE(run(redis, {"SETNX", "plain", "y"}).integer, int64_t{0});
    QCOMPARE(run(redis, {"INCR", "counter"}).integer, int64_t{1});
    QCOMPARE(run(redis, {"INCR", "counter"}).integer, int64_t{2});
    QCOMPARE(run(redis, {"INCR", "plain"}).type, ReplyType::Error);
    QCOMPARE(run(redis, {"GET"}).text,
             std::string("ERR wrong number of arguments for 'get' command"));
  }

  void lazyExpiryDeletesOnAccess() {
    sim::World world(1);
    sim::TraceRecorder trace;
    world.trace().addSink(&trace);
    RedisInstance redis(world, {.name = "redis-1"});
    QVERIFY(run(redis, {"SET", "lock", "a", "PX", "100"}).isOk());
    world.runUntilTime(fromMillis(100));
    QVERIFY(!run(redis, {"GET", "lock"}).isNil());  // alive through its last millisecond
    world.runUntilTime(fromMillis(101));
    QVERIFY(run(redis, {"GET", "lock"}).isNil());
    QCOMPARE(deletions(trace, "redis-1", ""), 1);
    QCOMPARE(deletions(trace, "redis-1", "active"), 0);
  }

  void activeExpiryDeletesUntouchedKeys() {
    sim::World world(1);
    sim::TraceRecorder trace;
    world.trace().addSink(&trace);
    RedisInstance redis(world, {.name = "redis-1"});
    for (int i = 0; i < 50; ++i) run(redis, {"SET", "k" + std::to_string(i), "v", "PX", "150"});
    QVERIFY(run(redis, {"SET", "forever", "v"}).isOk());
    world.runUntilTime(fromMillis(400));
    QCOMPARE(deletions(trace, "redis-1", "active"), 50);
    QCOMPARE(redis.keys().keys().size(), size_t{1});
    QVERIFY(world.idle());  // no cycles once no key has an expiry
  }

  void clockJumpExpiresKeysEarly() {
    sim::World world(1);
    RedisInstance redis(world, {.name = "redis-1", .clock = {.offsetMs = 5000, .driftPpm = 0}});
    QCOMPARE(redis.clockMs(), int64_t{5000});
    QVERIFY(run(redis, {"SET", "lock", "a", "PX", "10000"}).isOk());
    redis.jumpClock(20'000);
    QVERIFY(run(redis, {"GET", "lock"}).isNil());
  }

  void driftRunsTheClockFast() {
    sim::World world(1);
    RedisInstance redis(world, {.name = "redis-1", .clock = {.offsetMs = 0, .driftPpm = 100'000}});
    world.runUntilTime(sim::fromSeconds(10));
    QCOMPARE(redis.clockMs(), int64_t{11'000});
  }

  void scriptsAreAtomicCompareAndAct() {
    sim::World world(1);
    RedisInstance redis(world, {.name = "redis-1"});
    QVERIFY(run(redis, {"SET", "lock", "mine", "PX", "1000"}).isOk());
    QCOMPARE(run(redis, script(scripts::kCompareAndDelete, {"theirs"})).integer, int64_t{0});
    QCOMPARE(run(redis, script(scripts::kCompareAndExtend, {"mine", "5000"})).integer, int64_t{1});
    QCOMPARE(run(redis, {"PTTL", "lock"}).integer, int64_t{5000});
    QCOMPARE(run(redis, script(scripts::kCompareAndDelete, {"mine"})).integer, int64_t{1});
    QVERIFY(run(redis, {"GET", "lock"}).isNil());
    // Anything else is Lua source, as on a server: a bare word does not compile.
    QCOMPARE(QString::fromStdString(run(redis, script("no_such_script", {})).text),
             QStringLiteral("ERR Error compiling script (new function): user_script:1: '=' "
                            "expected near '<eof>'"));
  }

  // A script that never ends, or eats memory without end, must not hang or kill a run: the model
  // stops it with an error reply (a server would keep it running) and goes on serving.
  void aRunawayScriptIsStopped_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("error");
    QTest::newRow("endless loop") << "while true do end"
                                  << "Script stopped after 100 million";
    QTest::newRow("pcall cannot swallow the stop")
        << "while true do pcall(function() while true do end end) end"
        << "Script stopped after 100 million";
    QTest::newRow("endless redis.call") << "while true do redis.call('incr', KEYS[1]) end"
                                        << "Script stopped after 100 million";
    QTest::newRow("endless memory")
        << "local t = {} while true do t[#t + 1] = string.rep('x', 1000000) .. #t end"
        << "not enough memory (the model gives a script 256 MB)";
    QTest::newRow("one huge string") << "return string.rep('x', 1e10)"
                                     << "not enough memory (the model gives a script 256 MB)";
  }
  void aRunawayScriptIsStopped() {
    QFETCH(QString, source);
    QFETCH(QString, error);
    sim::World world(1);
    RedisInstance redis(world, {.name = "redis-1"});
    const Reply stopped = run(redis, {"EVAL", source.toStdString(), "1", "counter"});
    QCOMPARE(stopped.type, ReplyType::Error);
    QVERIFY2(QString::fromStdString(stopped.text).contains(error), stopped.text.c_str());
    // The instance, and the interpreter it shares, serve the next script as before.
    QCOMPARE(run(redis, {"EVAL", "return 1 + 1", "0"}).integer, int64_t{2});
    QCOMPARE(run(redis, script(scripts::kCompareAndDelete, {"mine"})).integer, int64_t{0});
  }

  void reentrantScriptsCountHolds() {
    sim::World world(1);
    RedisInstance redis(world, {.name = "redis-1"});
    QVERIFY(run(redis, script(scripts::kReentrantAcquire, {"1000", "a"})).isNil());
    QVERIFY(run(redis, script(scripts::kReentrantAcquire, {"1000", "a"})).isNil());
    QCOMPARE(run(redis, {"HGET", "lock", "a"}).text, std::string("2"));
    QCOMPARE(run(redis, script(scripts::kReentrantAcquire, {"1000", "b"})).integer, int64_t{1000});
    QVERIFY(run(redis, script(scripts::kReentrantRelease, {"1000", "b"})).isNil());
    QCOMPARE(run(redis, script(scripts::kReentrantRelease, {"1000", "a"})).integer, int64_t{1});
    QCOMPARE(run(redis, script(scripts::kReentrantRelease, {"1000", "a"})).integer, int64_t{0});
    QCOMPARE(run(redis, {"EXISTS", "lock"}).integer, int64_t{0});
  }

  void fencedAcquireIssuesIncreasingTokens() {
    sim::World world(1);
    RedisInstance redis(world, {.name = "redis-1"});
    QCOMPARE(run(redis, script(scripts::kFencedAcquire, {"a", "1000"})).integer, int64_t{1});
    QVERIFY(run(redis, script(scripts::kFencedAcquire, {"b", "1000"})).isNil());
    run(redis, script(scripts::kCompareAndDelete, {"a"}));
    QCOMPARE(run(redis, script(scripts::kFencedAcquire, {"b", "1000"})).integer, int64_t{2});
  }

  void failoverLosesWhatTheReplicaHadNotReceived() {
    for (const int lagMs : {10, 500}) {
      sim::World world(1);
      RedisDeployment redis(
          world, {.masters = 1, .replicasPerMaster = 1, .replicationLag = fromMillis(lagMs)});
      QVERIFY(redis.masterOf(0).execute({"SET", "lock", "a", "PX", "10000"})->isOk());
      world.runUntilTime(fromMillis(100));
      QVERIFY(redis.failover("redis-1"));
      world.runUntilTime(fromMillis(1000));  // the in-flight copy, if any, never lands
      QCOMPARE(redis.masterOf(0).name(), std::string("redis-1-r1"));
      const bool kept = redis.masterOf(0).execute({"GET", "lock"})->type == ReplyType::String;
      QCOMPARE(kept, lagMs < 100);
      QVERIFY(!redis.instance("redis-1")->up());
    }
  }

  void replicasDoNotExpireKeysThemselves() {
    sim::World world(1);
    RedisDeployment redis(world, {.masters = 1, .replicasPerMaster = 1});
    redis.masterOf(0).execute({"SET", "lock", "a", "PX", "100"});
    world.runUntilTime(fromMillis(50));
    RedisInstance& replica = *redis.instance("redis-1-r1");
    QVERIFY(replica.execute({"GET", "lock"})->type == ReplyType::String);
    QCOMPARE(replica.execute({"SET", "x", "y"})->type, ReplyType::Error);  // READONLY
    world.runUntilTime(fromMillis(400));  // the master's active expiry sends the deletion
    QVERIFY(replica.keys().keys().empty());
  }

  void persistenceDecidesWhatACrashKeeps() {
    struct Case {
      Persistence persistence;
      size_t keptKeys;
    };
    for (const Case& c : {Case{Persistence::None, 0}, Case{Persistence::EverySecond, 1},
                          Case{Persistence::Always, 2}}) {
      sim::World world(1);
      RedisInstance redis(world, {.name = "redis-1", .persistence = c.persistence});
      run(redis, {"SET", "first", "1"});
      world.runUntilTime(fromMillis(1500));  // every_second: fsync at 1 s has "first"
      run(redis, {"SET", "second", "2"});
      world.runUntilTime(fromMillis(1800));
      redis.crash();
      QCOMPARE(run(redis, {"GET", "first"}).type, ReplyType::Disconnected);
      redis.restart();
      QCOMPARE(redis.keys().keys().size(), c.keptKeys);
    }
  }

  void clientTimesOutOnADeadInstanceAndBuffersRepliesWhilePaused() {
    sim::World world(1);
    RedisDeployment redis(world,
                          {.latency = {fromMillis(5), fromMillis(5)}, .requestTimeoutMs = 100});
    auto connections = redis.connect("c1");
    sim::Process& process = *redis.process("c1");
    std::vector<std::pair<sim::Micros, Reply>> replies;
    auto record = [&](const Reply& reply) { replies.emplace_back(world.now(), reply); };
    connections[0]->command({"SET", "lock", "a"}, record);
    world.runUntilTime(fromMillis(1));
    process.pause();
    world.runUntilTime(fromMillis(500));
    QVERIFY(replies.empty());  // the OK waits in the buffer
    process.resume();
    QCOMPARE(replies.size(), size_t{1});
    QVERIFY(replies[0].second.isOk());  // the reply came before the (also held) timeout
    QCOMPARE(replies[0].first, fromMillis(500));
    redis.instance("redis-1")->crash();
    connections[0]->command({"GET", "lock"}, record);
    world.runUntilTime(fromMillis(1000));
    QCOMPARE(replies.size(), size_t{2});
    QCOMPARE(replies[1].second.type, ReplyType::Timeout);
    QCOMPARE(replies[1].first, fromMillis(600));
  }

  // WATCH is per connection and sees every connection's writes: a SET by another client between
  // WATCH and EXEC makes EXEC answer nil and run nothing; without one, EXEC runs the queue. A
  // crash forgets every connection's transaction.
  void watchSeesOtherConnectionsWrites() {
    sim::World world(1);
    RedisInstance redis(world, {.name = "redis-1"});
    const auto on = [&](RedisInstance::ConnectionId connection, const Command& argv) {
      return *redis.execute(argv, connection);
    };
    QVERIFY(on(1, {"WATCH", "counter"}).isOk());
    QVERIFY(on(2, {"WATCH", "counter"}).isOk());
    QVERIFY(on(2, {"SET", "counter", "1"}).isOk());
    QVERIFY(on(1, {"MULTI"}).isOk());
    QCOMPARE(on(1, {"SET", "counter", "2"}).text, std::string("QUEUED"));
    QVERIFY(on(1, {"EXEC"}).isNil());
    QCOMPARE(on(1, {"GET", "counter"}).text, std::string("1"));
    // Connection 2's own write spoiled its own watch too.
    QVERIFY(on(2, {"MULTI"}).isOk());
    QVERIFY(on(2, {"EXEC"}).isNil());
    // Untouched: EXEC runs.
    QVERIFY(on(1, {"WATCH", "counter"}).isOk());
    QVERIFY(on(2, {"SET", "other", "x"}).isOk());
    QVERIFY(on(1, {"MULTI"}).isOk());
    on(1, {"INCR", "counter"});
    const Reply ran = on(1, {"EXEC"});
    QCOMPARE(ran.type, ReplyType::Array);
    QVERIFY(ran.elements.at(0).isInteger(2));
    QVERIFY(on(1, {"MULTI"}).isOk());
    redis.crash();
    redis.restart();
    QCOMPARE(on(1, {"EXEC"}).text, std::string("ERR EXEC without MULTI"));
  }

  // INFO replication as a server words it, on a master with a replica, the replica, and a
  // promoted replica, whose old master's ID moves to master_replid2.
  void infoReplicationFollowsTheRoles() {
    sim::World world(1);
    RedisDeployment redis(world, {.masters = 1, .replicasPerMaster = 1});
    RedisInstance& master = redis.masterOf(0);
    RedisInstance& replica = *redis.instance("redis-1-r1");
    master.execute({"SET", "lock", "a"});
    world.runUntilTime(fromMillis(100));
    const std::string masterInfo = master.execute({"INFO", "replication"})->text;
    QVERIFY2(masterInfo.starts_with("# Replication\r\nrole:master\r\nconnected_slaves:1\r\n"
                                    "slave0:ip=redis-1-r1,port=6379,state=online,offset=1,lag=0\r\n"
                                    "master_failover_state:no-failover\r\nmaster_replid:"),
             masterInfo.c_str());
    QVERIFY(masterInfo.find("\r\nmaster_repl_offset:1\r\n") != std::string::npos);
    const std::string replicaInfo = replica.execute({"INFO"})->text;
    QVERIFY2(replicaInfo.starts_with("# Replication\r\nrole:slave\r\nmaster_host:redis-1\r\n"
                                     "master_port:6379\r\nmaster_link_status:up\r\n"),
             replicaInfo.c_str());
    const ReplicationInfo before = replica.replication();
    QCOMPARE(before.replid, master.replication().replid);
    QVERIFY(replica.execute({"WAIT", "0", "0"})
                ->text.starts_with("ERR WAIT cannot be used with replica instances."));
    QVERIFY(redis.failover("redis-1"));
    const ReplicationInfo promoted = replica.replication();
    QVERIFY(promoted.master);
    QCOMPARE(promoted.replid2, before.replid);
    QVERIFY(promoted.replid != before.replid);
    QCOMPARE(promoted.secondOffset, int64_t{2});
    QCOMPARE(replica.execute({"INFO", "server"})->text, std::string());
  }

  // WAIT blocks its client until the replica has applied the write (one replication lag), or
  // for its whole timeout when the replica is down, and then answers how many acknowledged.
  void waitBlocksUntilTheReplicaAcknowledges() {
    sim::World world(1);
    RedisDeployment redis(world, {.masters = 1,
                                  .replicasPerMaster = 1,
                                  .replicationLag = fromMillis(10),
                                  .latency = {fromMillis(1), fromMillis(1)}});
    auto connections = redis.connect("c1");
    std::vector<std::pair<sim::Micros, Reply>> replies;
    auto record = [&](const Reply& reply) { replies.emplace_back(world.now(), reply); };
    connections[0]->command({"SET", "lock", "a"}, record);
    connections[0]->command({"WAIT", "1", "500"}, record);
    world.runUntilTime(fromMillis(100));
    QCOMPARE(replies.size(), size_t{2});
    QVERIFY(replies[1].second.isInteger(1));
    QCOMPARE(replies[1].first, fromMillis(12));  // SET at 1 ms, its copy applied at 11 ms
    redis.instance("redis-1-r1")->crash();
    connections[0]->command({"SET", "lock", "b"}, record);
    connections[0]->command({"WAIT", "1", "500"}, record);
    world.runUntilTime(fromMillis(1000));
    QCOMPARE(replies.size(), size_t{4});
    QVERIFY(replies[3].second.isInteger(0));
    // Sent at 100 ms, blocked at 101 ms for 500 ms, back 1 ms later (FIFO may add a microsecond).
    QVERIFY(replies[3].first >= fromMillis(602) && replies[3].first < fromMillis(603));
  }

  // SCAN answers every key in one call, in key order, filtered by MATCH and TYPE; an expired key
  // that passes the filters is deleted, not listed.
  void scanListsEveryKeyAtOnce() {
    sim::World world(1);
    RedisInstance redis(world, {.name = "redis-1"});
    run(redis, {"SET", "b", "1"});
    run(redis, {"HSET", "h", "f", "v"});
    run(redis, {"SET", "a", "1"});
    run(redis, {"SET", "gone", "1", "PX", "10"});
    world.runUntilTime(fromMillis(50));
    const Reply all = run(redis, {"SCAN", "0", "COUNT", "1"});
    QCOMPARE(all.elements.at(0).text, std::string("0"));
    QCOMPARE(all.elements.at(1).elements.size(), size_t{3});
    QCOMPARE(all.elements.at(1).elements.at(0).text, std::string("a"));
    QCOMPARE(all.elements.at(1).elements.at(2).text, std::string("h"));
    QVERIFY(redis.keys().keys().find("gone") == redis.keys().keys().end());
    const Reply hashes = run(redis, {"SCAN", "0", "TYPE", "HASH", "MATCH", "*"});
    QCOMPARE(hashes.elements.at(1).elements.size(), size_t{1});
    QCOMPARE(run(redis, {"SCAN", "0", "COUNT", "0"}).text, std::string("ERR syntax error"));
    QCOMPARE(run(redis, {"SCAN", " 0"}).text, std::string("ERR invalid cursor"));
  }
};

QTEST_GUILESS_MAIN(RedisModelTest)
#include "tst_redis_model.moc"
