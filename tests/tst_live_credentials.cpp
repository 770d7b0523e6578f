// Credentials for live servers (issue 12): Redis AUTH (requirepass and an ACL user) and ZooKeeper
// digest auth with the run's nodes protected by its ACL, secrets only from the environment or a
// 0600 file, and never in any output of a run. Against a redis-server this test starts with a
// password, and the zk_standalone fixture.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

#include "support/live_cli.h"
#include "support/live_server.h"

namespace {

using lockscope::testing::CliRun;
using lockscope::testing::runCli;
using lockscope::testing::writeFile;
using lockscope::testing::ZooKeeperSession;

constexpr const char* kRedisPassword = "rds-Secret-7f3a";
constexpr const char* kAlicePassword = "alice-Secret-91c2";
constexpr const char* kDigestPassword = "zk-Secret-5d0e";

// Everything a run wrote, to search for secrets in.
QByteArray everything(const CliRun& run, const QString& traceFile) {
  QFile trace(traceFile);
  trace.open(QIODevice::ReadOnly);
  return run.out + run.err + trace.readAll();
}

}  // namespace

class LiveCredentialsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    port_ = lockscope::testing::deadServer().section(':', 1).toInt();  // free now
    redis_.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    redis_.start(QStringLiteral("redis-server"),
                 {QStringLiteral("--port"), QString::number(port_), QStringLiteral("--bind"),
                  QStringLiteral("127.0.0.1"), QStringLiteral("--requirepass"),
                  QString::fromLatin1(kRedisPassword), QStringLiteral("--save"), QString(),
                  QStringLiteral("--appendonly"), QStringLiteral("no"), QStringLiteral("--dir"),
                  dir_.path()});
    QVERIFY(redis_.waitForStarted());
    address_ = QStringLiteral("127.0.0.1:%1").arg(port_);
    QTRY_VERIFY_WITH_TIMEOUT(redisCli({QStringLiteral("PING")}).contains("PONG"), 10'000);
    // An ACL user of its own, as a shared server would give each team.
    QVERIFY(
        redisCli({QStringLiteral("ACL"), QStringLiteral("SETUSER"), QStringLiteral("alice"),
                  QStringLiteral("on"), QStringLiteral(">") + QString::fromLatin1(kAlicePassword),
                  QStringLiteral("~lockscope:*"), QStringLiteral("+@all")})
            .contains("OK"));
    QVERIFY2(!lockscope::testing::liveServer().isEmpty(), "no live ZooKeeper: run through ctest");
    lesson_ = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/crash-with-ttl.yaml");
  }

  void cleanupTestCase() {
    redis_.terminate();
    redis_.waitForFinished(10'000);
  }

  void redisWithoutAPasswordIsUnreachable() {
    const CliRun run = runCli(
        {QStringLiteral("run"), lesson_, QStringLiteral("--live"), "redis=" + address_}, {});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.contains("refuses the run: NOAUTH"), run.err.constData());
  }

  void aWrongPasswordIsRefusedAndNotPrinted() {
    const CliRun run = runCli(
        {QStringLiteral("run"), lesson_, QStringLiteral("--live"), "redis=" + address_}, {},
        QDir::tempPath(), {QStringLiteral("LOCKSCOPE_REDIS_PASSWORD=wrong-Secret-0b1d")});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.contains("refuses the login: WRONGPASS"), run.err.constData());
    QVERIFY(!(run.out + run.err).contains("wrong-Secret-0b1d"));
  }

  // From a 0600 file; the secret appears nowhere in what the run writes.
  void thePasswordFromAFileWorksAndStaysSecret() {
    QTemporaryDir dir;
    const QString secret = writeFile(dir.filePath(QStringLiteral("redis.pw")),
                                     QByteArray(kRedisPassword) + "\n");
    QFile::setPermissions(secret, QFile::ReadOwner | QFile::WriteOwner);
    const QString trace = dir.filePath(QStringLiteral("trace.jsonl"));
    const CliRun run = runCli(
        {QStringLiteral("run"), lesson_, QStringLiteral("--live"), "redis=" + address_,
         QStringLiteral("--json"), QStringLiteral("--trace"), trace},
        {}, dir.path(), {"LOCKSCOPE_REDIS_PASSWORD_FILE=" + secret});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(QFile::exists(trace));
    QVERIFY(!everything(run, trace).contains(kRedisPassword));
  }

  void aSecretFileOthersCanReadIsRefused() {
    QTemporaryDir dir;
    const QString secret = writeFile(dir.filePath(QStringLiteral("redis.pw")), kRedisPassword);
    QFile::setPermissions(
        secret, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    const CliRun run = runCli(
        {QStringLiteral("run"), lesson_, QStringLiteral("--live"), "redis=" + address_}, {},
        dir.path(), {"LOCKSCOPE_REDIS_PASSWORD_FILE=" + secret});
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(
        run.err,
        (secret +
         QStringLiteral(": the secret file named by LOCKSCOPE_REDIS_PASSWORD_FILE may be read by "
                        "others; chmod 600 it\n"))
            .toUtf8());
  }

  // An ACL user whose keys are limited to lockscope:*: the run's prefix is all it needs.
  void anAclUserWorks() {
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("trace.jsonl"));
    const CliRun run = runCli({QStringLiteral("run"), lesson_, QStringLiteral("--live"),
                               "redis=" + address_, QStringLiteral("--trace"), trace},
                              {}, dir.path(),
                              {QStringLiteral("LOCKSCOPE_REDIS_USER=alice"),
                               QStringLiteral("LOCKSCOPE_REDIS_PASSWORD=") + kAlicePassword});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(!everything(run, trace).contains(kAlicePassword));
  }

  // With a digest, the run's nodes carry its identity's ACL: another session can neither read
  // nor change them. The digest appears nowhere in what the run writes.
  void zooKeeperDigestProtectsTheRunsNodes() {
    QTemporaryDir dir;
    const QString scenario = writeFile(
        dir.filePath(QStringLiteral("long.yaml")),
        "title: long\nrecipe: zk-chained\nclients: 2\nhold_ms: 60000\n");
    const QString trace = dir.filePath(QStringLiteral("trace.jsonl"));
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LOCKSCOPE_ZK_DIGEST"),
                       QStringLiteral("alice:") + kDigestPassword);
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(LOCKSCOPE_CLI_PATH),
                  {QStringLiteral("run"), scenario, QStringLiteral("--live"),
                   "zk=" + lockscope::testing::liveServer(), QStringLiteral("--trace"), trace});
    QVERIFY(process.waitForStarted());
    ZooKeeperSession zk(lockscope::testing::liveServer());
    QVERIFY(zk.connected());
    QTRY_VERIFY_WITH_TIMEOUT(zk.children("/lockscope").size() == 1, 20'000);
    const QByteArray root = "/lockscope/" + zk.children("/lockscope").first().toUtf8();
    QTest::qWait(500);
    const int listed = zk.childrenCode(root.constData());
    ::kill(static_cast<pid_t>(process.processId()), SIGTERM);
    QVERIFY(process.waitForFinished(60'000));
    QCOMPARE(listed, static_cast<int>(ZNOAUTH));
    QCOMPARE(process.exitCode(), 128 + SIGTERM);
    QCOMPARE(zk.children("/lockscope"), QStringList());  // deleted by the run, which may
    const CliRun run{process.exitCode(), process.readAllStandardOutput(),
                     process.readAllStandardError()};
    QVERIFY(!everything(run, trace).contains(kDigestPassword));
  }

 private:
  QByteArray redisCli(const QStringList& arguments) {
    QProcess cli;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("REDISCLI_AUTH"),
                       QString::fromLatin1(kRedisPassword));  // not on its command line
    cli.setProcessEnvironment(environment);
    cli.start(QStringLiteral("redis-cli"),
              QStringList{QStringLiteral("-p"), QString::number(port_)} + arguments);
    cli.waitForFinished(5000);
    return cli.readAllStandardOutput();
  }

  QTemporaryDir dir_;
  QProcess redis_;
  int port_ = 0;
  QString address_;
  QString lesson_;
};

QTEST_GUILESS_MAIN(LiveCredentialsTest)
#include "tst_live_credentials.moc"
