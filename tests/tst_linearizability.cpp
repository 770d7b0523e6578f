// Issue 18, item 4: each lock's acquire/release history checked for linearizability against a
// lock model (sim/checkers/linearizability.h, lock_history.h): hand-built histories with known
// answers and witnesses, long histories within the time they are promised, several locks judged
// apart, and every lesson whose recipe excludes: linearizability agrees with mutual_exclusion.
#include <QDirIterator>
#include <QElapsedTimer>
#include <QtTest>
#include <algorithm>
#include <map>
#include <random>

#include "backends/model_runner.h"
#include "sim/checkers/linearizability.h"
#include "sim/checkers/run_judge.h"
#include "sim/scenario/course.h"
#include "sim/scenario/scenario_loader.h"
#include "support/contended_history.h"

using namespace lockscope;
using checkers::HistoryOp;
using checkers::HoldMode;
using checkers::LinearizabilityOutcome;
using checkers::LinearizabilityVerdict;
using checkers::LockOpKind;

namespace {

constexpr uint64_t kPending = HistoryOp::kNever;

HistoryOp op(LockOpKind kind, uint32_t client, uint64_t invoked, uint64_t returned,
             HoldMode mode = HoldMode::Exclusive) {
  HistoryOp made;
  made.kind = kind;
  made.mode = mode;
  made.client = client;
  made.invokedAt = invoked;
  made.returnedAt = returned;
  return made;
}
HistoryOp acquire(uint32_t client, uint64_t invoked, uint64_t returned,
                  HoldMode mode = HoldMode::Exclusive) {
  return op(LockOpKind::Acquire, client, invoked, returned, mode);
}
HistoryOp release(uint32_t client, uint64_t invoked, uint64_t returned,
                  HoldMode mode = HoldMode::Exclusive) {
  return op(LockOpKind::Release, client, invoked, returned, mode);
}

LinearizabilityOutcome check(const std::vector<HistoryOp>& ops) {
  return checkers::checkLinearizable(ops);
}

// "acquire 0 [1, 2]" per op, to compare witnesses whole.
QStringList described(const std::vector<HistoryOp>& ops) {
  QStringList lines;
  for (const HistoryOp& one : ops) {
    const char* kind = one.kind == LockOpKind::Acquire   ? "acquire"
                       : one.kind == LockOpKind::Release ? "release"
                                                         : "drop";
    lines << QString("%1 %2 [%3, %4]")
                 .arg(kind)
                 .arg(one.client)
                 .arg(one.invokedAt)
                 .arg(one.pending() ? QString("-") : QString::number(one.returnedAt));
  }
  return lines;
}

sim::TraceEvent lockEvent(sim::Micros time, const char* actor, sim::LockOp lockOp) {
  return {.time = time,
          .kind = sim::TraceKind::Lock,
          .actor = actor,
          .op = lockOp,
          .value = "exclusive"};
}

// A hold of `actor` from `from` to `to` (milliseconds), its acquire and release 1 ms long.
void hold(checkers::RunJudge& judge, const char* actor, sim::Micros from, sim::Micros to) {
  judge.onEvent(lockEvent(from * 1000 - 1000, actor, sim::LockOp::Acquiring));
  judge.onEvent(lockEvent(from * 1000, actor, sim::LockOp::Acquired));
  judge.onEvent(lockEvent(to * 1000, actor, sim::LockOp::Releasing));
  judge.onEvent(lockEvent(to * 1000 + 1000, actor, sim::LockOp::Released));
}

// The definition, by brute force: some order of the completed operations and any of the pending
// ones, keeping every operation after those that returned before it was invoked, that a lock
// (written again here, apart from the checker's) allows step by step.
bool linearizableByBruteForce(const std::vector<HistoryOp>& ops) {
  std::vector<size_t> pending;
  for (size_t index = 0; index < ops.size(); ++index) {
    if (ops[index].pending()) pending.push_back(index);
  }
  for (size_t subset = 0; subset < (size_t{1} << pending.size()); ++subset) {
    std::vector<size_t> chosen;
    for (size_t index = 0; index < ops.size(); ++index) {
      const auto at = std::find(pending.begin(), pending.end(), index);
      if (at == pending.end() || (subset >> (at - pending.begin())) & 1) chosen.push_back(index);
    }
    do {
      bool legal = true;
      std::map<uint32_t, std::vector<HoldMode>> holds;
      for (size_t step = 0; step < chosen.size() && legal; ++step) {
        const HistoryOp& one = ops[chosen[step]];
        for (size_t later = step + 1; later < chosen.size(); ++later) {
          if (ops[chosen[later]].returnedAt < one.invokedAt) legal = false;  // real time broken
        }
        auto& own = holds[one.client];
        if (one.kind == LockOpKind::Acquire) {
          for (const auto& [client, modes] : holds) {
            for (HoldMode mode : modes) {
              if (client != one.client && (mode != HoldMode::Read || one.mode != HoldMode::Read)) {
                legal = false;
              }
            }
          }
          own.push_back(one.mode);
        } else if (one.kind == LockOpKind::Release) {
          if (own.empty()) {
            legal = false;
          } else {
            auto hold = std::find(own.rbegin(), own.rend(), one.mode);
            if (hold == own.rend()) hold = own.rbegin();
            own.erase(std::next(hold).base());
          }
        } else {
          own.clear();
        }
      }
      if (legal) return true;
    } while (std::next_permutation(chosen.begin(), chosen.end()));
  }
  return false;
}

// Small random histories (up to 8 operations): two to four sequential clients, overlapping at
// random, acquiring (now and then in read or write mode), releasing (now and then without holding),
// crashing, and sometimes still waiting at the end.
std::vector<HistoryOp> randomHistory(std::mt19937& random) {
  std::vector<HistoryOp> ops;
  const uint32_t clients = 2 + random() % 3;
  for (uint32_t client = 0; client < clients; ++client) {
    uint64_t at = random() % 6;
    int depth = 0;
    const size_t count = 1 + random() % 4;
    for (size_t index = 0; index < count && ops.size() < 8; ++index) {
      HistoryOp made;
      made.client = client;
      made.mode = random() % 4 == 0 ? (random() % 2 ? HoldMode::Read : HoldMode::Write)
                                    : HoldMode::Exclusive;
      const uint32_t roll = random() % 10;
      made.kind = roll < 1                               ? LockOpKind::Drop
                  : (depth > 0 && roll < 6) || roll == 9 ? LockOpKind::Release
                                                         : LockOpKind::Acquire;
      depth = made.kind == LockOpKind::Drop      ? 0
              : made.kind == LockOpKind::Acquire ? depth + 1
                                                 : std::max(depth - 1, 0);
      made.invokedAt = at;
      made.returnedAt = made.kind == LockOpKind::Drop ? at : at + random() % 5;
      const bool last = index + 1 == count;
      if (last && made.kind != LockOpKind::Drop && random() % 4 == 0) made.returnedAt = kPending;
      ops.push_back(made);
      if (made.pending()) break;
      at = made.returnedAt + 1 + random() % 3;
    }
  }
  return ops;
}

struct Step {
  sim::Micros millis;
  const char* actor;
  sim::LockOp op;
};

// Lock events of several clients, interleaved as listed.
void play(checkers::RunJudge& judge, const std::vector<Step>& steps) {
  for (const Step& step : steps) judge.onEvent(lockEvent(step.millis * 1000, step.actor, step.op));
}

}  // namespace

class LinearizabilityTest : public QObject {
  Q_OBJECT

 private slots:
  void sequentialHistoryIsLinearizable() {
    QCOMPARE(check({acquire(0, 1, 2), release(0, 3, 4), acquire(1, 5, 6), release(1, 7, 8)}),
             LinearizabilityOutcome::Linearizable);
    QCOMPARE(check({}), LinearizabilityOutcome::Linearizable);
  }

  // Overlapping calls may take effect in either order: c1 acquires first, releases, and c0's
  // acquire (invoked first, returned last) takes effect after that release.
  void overlapsTakeEffectInAnyOrder() {
    QCOMPARE(check({acquire(0, 1, 5), acquire(1, 2, 3), release(1, 4, 6), release(0, 7, 8)}),
             LinearizabilityOutcome::Linearizable);
  }

  void twoAcquiresWithNoReleaseBetweenAreNot() {
    const std::vector<HistoryOp> history = {acquire(0, 1, 2), acquire(1, 3, 4), release(0, 5, 6),
                                            release(1, 7, 8)};
    QCOMPARE(check(history), LinearizabilityOutcome::NotLinearizable);
    QCOMPARE(described(checkers::minimalWitness(history)),
             QStringList({"acquire 0 [1, 2]", "acquire 1 [3, 4]"}));
  }

  // The witness is the overlap, whatever came before and after it.
  void witnessIsTheOverlapAlone() {
    std::vector<HistoryOp> history;
    for (uint64_t round = 0; round < 50; ++round) {
      history.push_back(acquire(round % 3, 10 * round + 1, 10 * round + 2));
      history.push_back(release(round % 3, 10 * round + 5, 10 * round + 6));
    }
    history[41].invokedAt = 10 * 21 + 3;  // round 20's holder releases after round 21 acquired
    history[41].returnedAt = 10 * 21 + 4;
    QCOMPARE(check(history), LinearizabilityOutcome::NotLinearizable);
    QCOMPARE(described(checkers::minimalWitness(history)),
             QStringList({"acquire 2 [201, 202]", "acquire 0 [211, 212]"}));
  }

  void pendingAcquireMayNotHaveTakenEffect() {
    // c1 is still waiting at the end while c0 holds: its acquire never took effect.
    QCOMPARE(check({acquire(0, 1, 4), acquire(1, 2, kPending)}),
             LinearizabilityOutcome::Linearizable);
    QCOMPARE(check({acquire(0, 1, 4), acquire(1, 2, kPending), release(0, 5, 6)}),
             LinearizabilityOutcome::Linearizable);
    // A pending release may have taken effect: c1's acquire after it is legal.
    QCOMPARE(check({acquire(0, 1, 2), release(0, 3, kPending), acquire(1, 4, 5)}),
             LinearizabilityOutcome::Linearizable);
  }

  void releaseByNonHolderIsNot() {
    const std::vector<HistoryOp> history = {acquire(0, 1, 2), release(1, 3, 4), release(0, 5, 6)};
    QCOMPARE(check(history), LinearizabilityOutcome::NotLinearizable);
    QCOMPARE(described(checkers::minimalWitness(history)), QStringList({"release 1 [3, 4]"}));
  }

  // A crash ends the holder's holds; an expired lease (no operation of the client) does not.
  void crashEndsHoldExpiryDoesNot() {
    QCOMPARE(check({acquire(0, 1, 2), op(LockOpKind::Drop, 0, 3, 3), acquire(1, 4, 5)}),
             LinearizabilityOutcome::Linearizable);
    QCOMPARE(check({acquire(0, 1, 2), acquire(1, 4, 5)}), LinearizabilityOutcome::NotLinearizable);
  }

  void reentrantAndSharedHolds() {
    QCOMPARE(check({acquire(0, 1, 2), acquire(0, 3, 4), release(0, 5, 6), release(0, 7, 8),
                    acquire(1, 9, 10)}),
             LinearizabilityOutcome::Linearizable);
    // One release of two holds leaves the client holding.
    QCOMPARE(check({acquire(0, 1, 2), acquire(0, 3, 4), release(0, 5, 6), acquire(1, 9, 10)}),
             LinearizabilityOutcome::NotLinearizable);
    QCOMPARE(check({acquire(0, 1, 2, HoldMode::Read), acquire(1, 3, 4, HoldMode::Read)}),
             LinearizabilityOutcome::Linearizable);
    QCOMPARE(check({acquire(0, 1, 2, HoldMode::Read), acquire(1, 3, 4, HoldMode::Write)}),
             LinearizabilityOutcome::NotLinearizable);
  }

  // The search and the brute force agree on thousands of small random histories, and every
  // witness is a failing part of its history.
  void agreesWithBruteForce() {
    std::mt19937 random(18);
    int failing = 0;
    for (int round = 0; round < 2000; ++round) {
      const std::vector<HistoryOp> history = randomHistory(random);
      const bool expected = linearizableByBruteForce(history);
      QVERIFY2((check(history) == LinearizabilityOutcome::Linearizable) == expected,
               qPrintable(described(history).join("; ")));
      if (expected) continue;
      ++failing;
      const std::vector<HistoryOp> witness = checkers::minimalWitness(history);
      QVERIFY2(!witness.empty() && !linearizableByBruteForce(witness),
               qPrintable(described(history).join("; ")));
      QVERIFY(witness.size() <= history.size());
    }
    QVERIFY2(failing > 300, qPrintable(QString::number(failing)));
  }

  void longHistoriesCheckFast_data() {
    QTest::addColumn<bool>("overlapping");
    QTest::addColumn<bool>("broken");
    QTest::newRow("sequential") << false << false;
    QTest::newRow("contended") << true << false;
    QTest::newRow("contended, broken near the end") << true << true;
  }

  void longHistoriesCheckFast() {
    QFETCH(bool, overlapping);
    QFETCH(bool, broken);
    testing::ContendedHistory shape;
    shape.overlapping = overlapping;
    if (broken) shape.brokenRound = 4990;
    const std::vector<HistoryOp> history = testing::contendedHistory(shape);
    QCOMPARE(history.size(), size_t{10'000});
    QElapsedTimer timer;
    timer.start();
    const LinearizabilityOutcome outcome = check(history);
    std::vector<HistoryOp> witness;
    if (outcome == LinearizabilityOutcome::NotLinearizable)
      witness = checkers::minimalWitness(history);
    const qint64 elapsed = timer.elapsed();
    QCOMPARE(outcome, broken ? LinearizabilityOutcome::NotLinearizable
                             : LinearizabilityOutcome::Linearizable);
    if (broken) {
      // Rounds 4989 and 4990: clients 1 and 2, acquires returning at 100 + 10 * round + 2 and,
      // broken, 100 + 10 * 4990 - 6.
      QCOMPARE(described(witness),
               QStringList({"acquire 1 [49975, 49992]", "acquire 2 [49985, 49994]"}));
    }
    QVERIFY2(elapsed < 1000, qPrintable(QString("%1 ms").arg(elapsed)));
  }

  // Several locks are judged apart: holders of different locks at once are no overlap.
  void severalLocksDecomposed() {
    using sim::LockOp;
    checkers::JudgeOptions options;
    options.lockPathsOfClient = {{"A", {"/a", "/b"}}, {"B", {"/b"}}, {"C", {"/a"}}};
    checkers::RunJudge apart(options);
    hold(apart, "A", 10, 20);
    play(apart, {{29, "B", LockOp::Acquiring},
                 {30, "B", LockOp::Acquired},
                 {34, "C", LockOp::Acquiring},
                 {35, "C", LockOp::Acquired},
                 {45, "C", LockOp::Releasing},
                 {46, "C", LockOp::Released},
                 {50, "B", LockOp::Releasing},
                 {51, "B", LockOp::Released}});
    const LinearizabilityVerdict fine = apart.finish(60'000).linearizability;
    QCOMPARE(fine.outcome, LinearizabilityVerdict::Outcome::Linearizable);
    QCOMPARE(fine.locks, size_t{2});
    QCOMPARE(fine.operations, size_t{8});

    checkers::RunJudge overlapping(options);
    hold(overlapping, "C", 1, 5);
    play(overlapping, {{9, "B", LockOp::Acquiring},
                       {10, "B", LockOp::Acquired},
                       {19, "A", LockOp::Acquiring},
                       {20, "A", LockOp::Acquired},  // B holds /b
                       {30, "B", LockOp::Releasing},
                       {31, "B", LockOp::Released},
                       {40, "A", LockOp::Releasing},
                       {41, "A", LockOp::Released}});
    const LinearizabilityVerdict broken = overlapping.finish(60'000).linearizability;
    QCOMPARE(broken.outcome, LinearizabilityVerdict::Outcome::NotLinearizable);
    QCOMPARE(broken.locks, size_t{2});
    QCOMPARE(broken.lock, std::string("/b"));
    QCOMPARE(broken.witness.size(), size_t{2});
    QCOMPARE(broken.witness[0].client, std::string("B"));
    QCOMPARE(broken.witness[1].client, std::string("A"));
    QCOMPARE(broken.witness[1].invoked, sim::Micros{19'000});
    QCOMPARE(broken.witness[1].returned, sim::Micros{20'000});
  }

  // A crowd taking turns never leaves the lock free, so the history is cut where one client holds
  // it and the others wait (lock_history.h): a long run keeps only the open piece, and an
  // overlap near its end, across many cuts, is still found, with its two acquires as witness.
  void aLockNeverFreeIsCheckedPieceByPiece() {
    for (const bool broken : {false, true}) {
      using sim::LockOp;
      checkers::RunJudge judge(checkers::JudgeOptions{});
      const int clients = 4;
      const int rounds = 5000;
      sim::Micros now = 1;
      for (int c = 0; c < clients; ++c)
        play(judge, {{now++, ("c" + std::to_string(c)).c_str(), LockOp::Acquiring}});
      for (int round = 0; round < rounds; ++round) {
        const std::string holder = "c" + std::to_string(round % clients);
        const std::string next = "c" + std::to_string((round + 1) % clients);
        play(judge, {{now++, holder.c_str(), LockOp::Acquired}});
        if (broken && round == rounds - 10) play(judge, {{now++, next.c_str(), LockOp::Acquired}});
        if (broken && round == rounds - 10) break;
        play(judge, {{now++, holder.c_str(), LockOp::Releasing},
                     {now++, holder.c_str(), LockOp::Released},
                     {now++, holder.c_str(), LockOp::Acquiring}});
      }
      const LinearizabilityVerdict verdict = judge.finish(now + 1000).linearizability;
      QCOMPARE(verdict.outcome, broken ? LinearizabilityVerdict::Outcome::NotLinearizable
                                       : LinearizabilityVerdict::Outcome::Linearizable);
      if (broken) {
        QCOMPARE(verdict.witness.size(), size_t{2});
        QCOMPARE(verdict.witness[0].op, std::string("acquire"));
        QCOMPARE(verdict.witness[1].op, std::string("acquire"));
      } else {
        QCOMPARE(verdict.operations,
                 static_cast<size_t>(clients + 2 * rounds));  // acquires, releases
      }
    }
  }

  // From the trace: a crashed holder holds nothing; one that only lost its session still does.
  void crashedHolderFromTheTrace() {
    checkers::RunJudge crashed(checkers::JudgeOptions{});
    crashed.onEvent(lockEvent(1000, "c1", sim::LockOp::Acquiring));
    crashed.onEvent(lockEvent(2000, "c1", sim::LockOp::Acquired));
    crashed.onEvent({.time = 3000,
                     .kind = sim::TraceKind::Process,
                     .actor = "c1",
                     .op = sim::ProcessOp::Crashed});
    hold(crashed, "c2", 10, 20);
    QCOMPARE(crashed.finish(30'000).linearizability.outcome,
             LinearizabilityVerdict::Outcome::Linearizable);

    checkers::RunJudge expired(checkers::JudgeOptions{});
    expired.onEvent(lockEvent(1000, "c1", sim::LockOp::Acquiring));
    expired.onEvent(lockEvent(2000, "c1", sim::LockOp::Acquired));
    expired.onEvent({.time = 3000,
                     .kind = sim::TraceKind::SessionState,
                     .actor = "server",
                     .op = sim::SessionOp::Expired});
    hold(expired, "c2", 10, 20);
    QCOMPARE(expired.finish(30'000).linearizability.outcome,
             LinearizabilityVerdict::Outcome::NotLinearizable);
  }

  // A recipe that takes no lock is not checked.
  void nonExclusiveRecipesAreNotChecked() {
    checkers::RunJudge judge(checkers::JudgeOptions{.exclusive = false});
    hold(judge, "c1", 10, 20);
    hold(judge, "c2", 15, 25);
    QCOMPARE(judge.finish(30'000).linearizability.outcome,
             LinearizabilityVerdict::Outcome::NotChecked);
  }

  // Every lesson on the model whose recipe excludes: mutual_exclusion broken iff not
  // linearizable. Disagreements are listed, not skipped.
  void agreesWithMutualExclusionOnEveryLesson() {
    const explore::ScenarioRunner runner = backends::modelRunner();
    QDirIterator lessons(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios"), {"*.yaml"}, QDir::Files,
                         QDirIterator::Subdirectories);
    QStringList disagreements;
    int checked = 0;
    int broken = 0;
    while (lessons.hasNext()) {
      const std::string file = lessons.next().toStdString();
      if (scenario::isCourseFile(file)) continue;
      const scenario::LoadResult loaded = scenario::loadScenarioFile(file);
      QVERIFY2(loaded.scenario, loaded.error.c_str());
      if (!loaded.scenario->liveOnly.en.empty()) continue;  // nothing to run on the model
      const run::RunReport report = runner(*loaded.scenario);
      const LinearizabilityVerdict& linear = report.verdict.linearizability;
      if (linear.outcome == LinearizabilityVerdict::Outcome::NotChecked) continue;
      ++checked;
      const bool overlap = report.verdict.count("mutual_exclusion") > 0;
      const bool notLinearizable = linear.outcome ==
                                   LinearizabilityVerdict::Outcome::NotLinearizable;
      broken += overlap ? 1 : 0;
      if (overlap != notLinearizable) {
        disagreements << QString::fromStdString(file) +
                             (overlap ? ": mutual_exclusion broken, linearizable"
                                      : ": no overlap, not linearizable");
      }
    }
    QVERIFY2(disagreements.isEmpty(), qPrintable(disagreements.join('\n')));
    QVERIFY2(checked >= 50 && broken >= 20,
             qPrintable(QString("only %1 lessons checked, %2 broken").arg(checked).arg(broken)));
  }
};

QTEST_GUILESS_MAIN(LinearizabilityTest)
#include "tst_linearizability.moc"
