// Differential test: the same database lesson on the model and on a real server must tell the same
// story, statement by statement.
//
// Goal: for every database scenario (scenarios/database/*.yaml and tests/data/database/*.yaml,
// found at run time) and every dialect it can run in (the pg-advisory recipes only on
// PostgreSQL), the model in that dialect and the real server of that dialect (PostgreSQL 15 of the
// pg_server fixture, MariaDB 10.11 of mariadb_server) agree on:
// - each client's statements in order, each with its outcome's class: OK with rows, OK with 0
//   rows, the SqlError's name with the server's code, or no reply (in flight when its client
//   crashed);
// - who acquired the lock, in order;
// - every checker's violations (mutual exclusion, lost updates, ...: kind and clients, in order);
// - the unmet expectations.
// A disagreement is a model bug (backends/model/database), since the server is the reference.
//
// One allowance, stated: PostgreSQL picks as a deadlock's victim the session whose
// deadlock_timeout ran out first, and which that is between two sessions that started waiting
// within a millisecond of each other is a race. When the PostgreSQL run had a deadlock, the
// clients' sequences are compared as a multiset (not by name), the acquisitions as a set, the
// violations by kind; the number of victims is compared exactly.
//
// Two more allowances, both about time rather than locking:
// - A polling loop's number of attempts is the clock's (a client retries every retry_delay_ms
//   until the lock frees or the run stalls): a block of statements repeated back to back in one
//   client's sequence is compared once.
// - A wait_cycle violation names the cycle's clients on the model and only the victim live (a
//   server does not say who else was in the cycle): it is compared by kind.
// - Where two violations begin within the same instant on the model, which is listed first is a
//   tie; the violations are compared as a sorted list.
// - The run's end cuts off whatever statement is in flight then (a poller's next attempt): a
//   client's last statement without a reply is not compared.
// - A polling loop that the run's end cuts off mid-attempt: the part of the attempt that was
//   under way (a trailing repeat of the loop's first statements) is not compared.
// - Who of several pollers first finds a lock freed is the clock's (job-queue-skip-locked): there
//   the acquisitions are compared as a set.
// - A latency bound among the expectations (handoff_max_us, recover_max_us) measures the machine,
//   and a loaded one stretches a live hand-off: unmet live, it is not compared (the model's
//   figures are pinned by the lesson checks; speed is measured in bench/, not in tests).
// And one about PostgreSQL's row locks, stated in the lesson too: when the holder UPDATEs the row,
// its waiters do not stay in their queue. The UPDATE makes a new version of the row; at COMMIT
// each waiter finds its version outdated and goes after the newest one (READ COMMITTED's
// EvalPlanQual), and they reach it in the order they wake, a race. Measured on the pg_server
// fixture with three yes(1) loops on two cores: 7 of 25 runs of for-update-queue handed the row
// on out of queue order. MariaDB updates in place and keeps the queue. For the lessons where
// several waiters queue on a row their holder updates (requeueOnUpdate), PostgreSQL's
// acquisitions after the first are compared as a set.
// Scenarios that set client clocks (database.client_clocks) run live too: a client's clock is
// ours to skew (the servers' are the machine's).
// A lesson written for one dialect (its file says `dialect:`) runs under the other one too, each
// server against the model in its own dialect: the live run's statement sync (statement_sync.h)
// puts the statements on the server in the model's order, so who locks a gap or a key first is
// the schedule's, not a race; every live run must have been synced throughout (no note of a
// statement let go or of a server that would not say who waits).
//
// Method: each scenario runs in-process through run::runScenario, its backend from
// backends::modelBackendFor (with database.dialect set to the server's) and backends::backendFor
// (--live pg= / mariadb=, the run's own schema or database made and dropped by the backend). A
// trace sink collects the statements and acquisitions. Live runs are real time.

#include <QDir>
#include <QFile>
#include <QMap>
#include <QTest>

#include "backends/backend_for.h"
#include "backends/live/database/database_address.h"
#include "backends/live/database/live_database_scenario.h"
#include "backends/live/database/live_sql_connect.h"
#include "sim/recipes/lock_recipe.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"
#include "support/live_cli.h"
#include "support/run_outcome.h"

namespace {

namespace sim = lockscope::sim;
using lockscope::scenario::Scenario;
using sim::TraceEvent;

QString text(std::string_view view) {
  return QString::fromUtf8(view.data(), qsizetype(view.size()));
}

// The class of a statement's outcome, from its Reply event: "OK rows", "OK 0 rows" or the
// error's name and the server's code ("lock_timeout 55P03"; a lost connection has none).
QString outcomeClass(const TraceEvent& reply) {
  if (reply.rc != "OK") return text(reply.value);
  return reply.value == "0 rows" ? QStringLiteral("OK 0 rows") : QStringLiteral("OK rows");
}

class StatementCollector final : public sim::TraceSink {
 public:
  void onEvent(const TraceEvent& event) override {
    if (event.kind == sim::TraceKind::Request || event.kind == sim::TraceKind::Reply ||
        event.op == sim::LockOp::Acquired || event.op == sim::LockOp::Released)
      timeline << QStringLiteral("%1 ms %2 %3 %4")
                      .arg(double(event.time) / 1000.0, 9, 'f', 1)
                      .arg(text(event.actor), text(sim::opText(event)), text(event.rc));
    if (event.kind == sim::TraceKind::Request) {
      Entry& entry = clients[text(event.actor)].emplaceBack();
      entry.op = text(sim::opText(event));
      entry.request = event.request;
    } else if (event.kind == sim::TraceKind::Reply) {
      // A reply answers its connection's one statement in flight: the latest of that number (an
      // earlier connection's unanswered one is its crashed incarnation's).
      QList<Entry>& entries = clients[text(event.actor)];
      for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        if (it->request == event.request && it->outcome.isEmpty()) {
          it->outcome = outcomeClass(event);
          break;
        }
      }
      if (event.rc == "deadlock") ++deadlockVictims;
    } else if (event.kind == sim::TraceKind::Note &&
               (event.detail.find("neither answered") != std::string::npos ||
                event.detail.find("no longer synced") != std::string::npos)) {
      unsynced << text(event.detail);
    } else if (event.op == sim::LockOp::Acquired) {
      acquisitions << text(event.actor);
    }
  }

  struct Entry {
    QString op;
    int64_t request = 0;
    QString outcome;  // empty: never answered
  };
  QMap<QString, QList<Entry>> clients;
  QStringList acquisitions;
  QStringList timeline;  // "t ms client op rc": shown when the runs disagree
  QStringList unsynced;  // the statement sync's notes of giving up
  int deadlockVictims = 0;
};

struct Outcome {
  QMap<QString, QStringList> statements;  // per client: "op -> outcome"
  QStringList acquisitions;
  QStringList violations;
  QStringList unmet;
  QStringList unsynced;
  QStringList timeline;
  int deadlockVictims = 0;
};

Outcome runWith(const Scenario& scenario, lockscope::run::RunBackendFactory backend) {
  StatementCollector collector;
  lockscope::run::RunOptions options{.sinks = {&collector}, .backend = std::move(backend)};
  const lockscope::run::RunReport report = lockscope::run::runScenario(scenario, options);
  Outcome outcome{.acquisitions = collector.acquisitions,
                  .violations = lockscope::testing::violationLines(report),
                  .unmet = lockscope::testing::unmetLines(report),
                  .unsynced = collector.unsynced,
                  .timeline = collector.timeline,
                  .deadlockVictims = collector.deadlockVictims};
  for (auto it = collector.clients.begin(); it != collector.clients.end(); ++it) {
    QStringList& lines = outcome.statements[it.key()];
    for (const StatementCollector::Entry& entry : it.value()) {
      lines << entry.op + " -> " +
                   (entry.outcome.isEmpty() ? QStringLiteral("(no reply)") : entry.outcome);
    }
  }
  return outcome;
}

QString fixtureAddress(const char* dir) {
  QFile file(QString::fromLatin1(dir) + QStringLiteral("/address"));
  return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).trimmed() : QString();
}

QStringList scenarioFiles() {
  QStringList files;
  for (const char* dir :
       {LOCKSCOPE_SOURCE_DIR "/scenarios/database", LOCKSCOPE_SOURCE_DIR "/tests/data/database"}) {
    const QDir folder(QString::fromLatin1(dir));
    for (const QString& name :
         folder.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
      files << folder.filePath(name);
  }
  return files;
}

// `lines` with every block of up to 8 lines that repeats right after itself kept once: a polling
// loop's attempts, however many the clock allowed.
// Then a trailing start of one more such block (the attempt the run's end cut off) is dropped.
QStringList collapseRepeats(QStringList lines) {
  if (!lines.isEmpty() && lines.last().endsWith(QStringLiteral("(no reply)"))) lines.removeLast();
  for (bool changed = true; changed;) {
    changed = false;
    for (qsizetype length = 1; length <= 8 && !changed; ++length) {
      for (qsizetype i = 0; i + 2 * length <= lines.size(); ++i) {
        if (lines.mid(i, length) == lines.mid(i + length, length)) {
          lines.remove(i + length, length);
          changed = true;
          break;
        }
      }
    }
  }
  for (qsizetype length = 2; length <= 8; ++length) {
    for (qsizetype cut = length - 1; cut >= 1; --cut) {
      const qsizetype size = lines.size();
      if (size >= length + cut && lines.mid(size - cut) == lines.mid(size - cut - length, cut)) {
        lines.resize(size - cut);
        return lines;
      }
    }
  }
  return lines;
}

// An unmet expectation that bounds a latency (see the top): "FILE:LINE: expected
// handoff_max_us <= 20000, got 31250".
QStringList withoutLatencyBounds(QStringList unmet) {
  static const QRegularExpression bound(QStringLiteral(": expected \\w+_max_(us|ms) "));
  unmet.removeIf([](const QString& line) { return bound.match(line).hasMatch(); });
  return unmet;
}

// "client: op -> outcome" lines; with `anonymous`, each client's sequence without its name,
// sorted.
QStringList statementLines(const Outcome& outcome, bool anonymous) {
  QStringList lines;
  for (auto it = outcome.statements.begin(); it != outcome.statements.end(); ++it) {
    const QString sequence = collapseRepeats(it.value()).join(QStringLiteral("\n    "));
    lines << (anonymous ? sequence : it.key() + QStringLiteral(":\n    ") + sequence);
  }
  if (anonymous) lines.sort();
  return lines;
}

}  // namespace

class ModelVsLiveSqlTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY2(!fixtureAddress(LOCKSCOPE_LIVE_PG_DIR).isEmpty(),
             "no PostgreSQL server: run through ctest (the pg_server fixture)");
    QVERIFY2(!fixtureAddress(LOCKSCOPE_LIVE_MARIADB_DIR).isEmpty(),
             "no MariaDB server: run through ctest (the mariadb_server fixture)");
    QVERIFY2(!scenarioFiles().isEmpty(), "no database scenarios found");
  }

  void scenarioAgrees_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("dialect");
    for (const QString& file : scenarioFiles()) {
      for (const char* dialect : {"postgresql", "mariadb"}) {
        const QString row = QFileInfo(file).dir().dirName() + QLatin1Char('/') +
                            QFileInfo(file).completeBaseName() + QLatin1Char(' ') +
                            QLatin1String(dialect);
        QTest::newRow(row.toUtf8().constData()) << file << QString::fromLatin1(dialect);
      }
    }
  }

  void scenarioAgrees() {
    QFETCH(QString, file);
    QFETCH(QString, dialect);
    const auto loaded = lockscope::scenario::loadScenarioFile(file.toStdString(), {});
    QVERIFY2(loaded.scenario, loaded.error.c_str());
    Scenario scenario = *loaded.scenario;
    QCOMPARE(QString::fromStdString(scenario.backend), QStringLiteral("database"));
    if (!scenario.liveOnly.en.empty()) QSKIP("a live-only lesson: the model refuses it");
    const lockscope::recipes::RecipeDescription* recipe = lockscope::recipes::findRecipe(
        scenario.recipe);
    QVERIFY(recipe);
    if (!recipe->dialect.empty() && text(recipe->dialect) != dialect)
      QSKIP(qPrintable(
          QStringLiteral("%1 runs only on %2").arg(text(recipe->name), text(recipe->dialect))));
    // The fixture's mariadbd runs with innodb_rollback_on_timeout OFF (a startup option).
    if (dialect == QLatin1String("mariadb") && scenario.database.rollbackOnTimeout)
      QSKIP("needs innodb_rollback_on_timeout ON; the mariadb_server fixture runs OFF");
    scenario.database.dialect = dialect.toStdString();
    const bool pg = dialect == QLatin1String("postgresql");
    // What the CLI refuses before a live run (a model-only fault: kill_server, a partition...).
    const lockscope::Status runs = lockscope::live::database::liveDatabaseCanRun(
        scenario, pg ? lockscope::sql::Dialect::PostgreSQL : lockscope::sql::Dialect::MariaDB);
    if (!runs)
      QSKIP(qPrintable(QStringLiteral("not live: ") + QString::fromStdString(runs.message())));

    const QString address = fixtureAddress(pg ? LOCKSCOPE_LIVE_PG_DIR : LOCKSCOPE_LIVE_MARIADB_DIR);
    auto liveBackend = lockscope::backends::backendFor(
        scenario, {.servers = address.toStdString(),
                   .service = pg ? lockscope::live::LiveService::PostgreSQL
                                 : lockscope::live::LiveService::MariaDB});
    QVERIFY2(liveBackend.ok(), liveBackend.message().c_str());

    const Outcome model = runWith(scenario, lockscope::backends::modelBackendFor(scenario));
    const Outcome live = runWith(scenario, std::move(*liveBackend));

    QVERIFY2(live.unsynced.isEmpty(), qPrintable(live.unsynced.join('\n')));
    QCOMPARE(live.deadlockVictims, model.deadlockVictims);
    // The deadlock allowance (see the top): only for PostgreSQL's victim race.
    const bool raced = pg && (live.deadlockVictims > 0 || model.deadlockVictims > 0);
    QStringList liveAcquisitions = live.acquisitions;
    QStringList modelAcquisitions = model.acquisitions;
    QStringList liveViolations = live.violations;
    QStringList modelViolations = model.violations;
    static const QRegularExpression clients(QStringLiteral(" \\[.*\\]$"));
    static const QRegularExpression cycleClients(QStringLiteral("^(wait_cycle) \\[.*\\]$"));
    liveViolations.replaceInStrings(cycleClients, QStringLiteral("\\1"));
    modelViolations.replaceInStrings(cycleClients, QStringLiteral("\\1"));
    liveViolations.sort();
    modelViolations.sort();
    static const QStringList pollersRace = {QStringLiteral("job-queue-skip-locked")};
    if (pollersRace.contains(QFileInfo(file).completeBaseName())) {
      liveAcquisitions.sort();
      modelAcquisitions.sort();
    }
    static const QStringList requeueOnUpdate = {QStringLiteral("for-update-queue")};
    if (pg && requeueOnUpdate.contains(QFileInfo(file).completeBaseName())) {
      for (QStringList* acquisitions : {&liveAcquisitions, &modelAcquisitions})
        if (acquisitions->size() > 1) std::sort(acquisitions->begin() + 1, acquisitions->end());
    }
    if (raced) {
      liveAcquisitions.sort();
      modelAcquisitions.sort();
      liveViolations.replaceInStrings(clients, QString());
      modelViolations.replaceInStrings(clients, QString());
    }
    const QString liveStatements = statementLines(live, raced).join(QLatin1Char('\n'));
    const QString modelStatements = statementLines(model, raced).join(QLatin1Char('\n'));
    if (liveStatements != modelStatements) {
      qWarning("model:\n%s\nlive:\n%s", qPrintable(modelStatements), qPrintable(liveStatements));
    }
    QCOMPARE(liveStatements, modelStatements);
    const QStringList liveUnmet = withoutLatencyBounds(live.unmet);
    const QStringList modelUnmet = withoutLatencyBounds(model.unmet);
    if (liveAcquisitions != modelAcquisitions || liveUnmet != modelUnmet) {
      qWarning("model:\n%s\nlive:\n%s", qPrintable(model.timeline.join('\n')),
               qPrintable(live.timeline.join('\n')));
    }
    QCOMPARE(liveAcquisitions, modelAcquisitions);
    QCOMPARE(liveViolations.join(QStringLiteral(" | ")),
             modelViolations.join(QStringLiteral(" | ")));
    QCOMPARE(liveUnmet, modelUnmet);
  }

  // `lockscope-cli run --live pg=|mariadb=` end to end, with the credentials from the
  // environment CTest set; then nothing of any run of this test is left on either server: no
  // lockscope_<hex> schema (PostgreSQL) or database (MariaDB).
  void cliRunsAndLeavesNothing() {
    const QString file = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                        "/tests/data/database/for-update-queue.yaml");
    for (const bool pg : {true, false}) {
      const QString address = fixtureAddress(pg ? LOCKSCOPE_LIVE_PG_DIR
                                                : LOCKSCOPE_LIVE_MARIADB_DIR);
      const QString option = (pg ? QStringLiteral("pg=") : QStringLiteral("mariadb=")) + address;
      const auto run = lockscope::testing::runCli({"run", file, "--live", option}, {});
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      QVERIFY2(run.out.contains("no violations"), run.out.constData());

      auto server = lockscope::live::database::parseDatabaseAddress(address.toStdString());
      QVERIFY2(server.ok(), server.message().c_str());
      const lockscope::live::database::LiveSqlTarget target{
          .dialect = pg ? lockscope::sql::Dialect::PostgreSQL : lockscope::sql::Dialect::MariaDB,
          .address = *server};
      const auto left = lockscope::live::database::runLiveSqlScript(
          target, {pg ? "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'lockscope\\_%'"
                      : "SHOW DATABASES LIKE 'lockscope\\_%'"});
      QVERIFY2(left.ok(), left.message().c_str());
      QStringList names;
      for (const auto& row : *left) names << QString::fromStdString(row.empty() ? "" : row[0]);
      QVERIFY2(names.isEmpty(), qPrintable(QStringLiteral("left behind: ") + names.join(',')));
    }
  }
};

QTEST_GUILESS_MAIN(ModelVsLiveSqlTest)
#include "tst_model_vs_live_sql.moc"
