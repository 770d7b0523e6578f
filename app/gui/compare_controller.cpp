#include "compare_controller.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <map>

#include "core/crash_recovery.h"
#include "core/run_so_far.h"
#include "metrics_model.h"
#include "playback_controller.h"
#include "scenario_session.h"
#include "sim/recipes/lock_recipe.h"
#include "sim/scenario/service_counterpart.h"
#include "simulation_controller.h"

namespace lockscope::gui {
namespace {

// The recipe a follower of `leader` plays: `wanted` if it may (scenario::comparable: another of
// the leader's service's recipes, or another service's representative); else the broken
// recipe's fix or the fix's pitfall (zk-chained against zk-naive, the herd lesson), or the
// service's first other recipe.
std::string counterpartRecipe(const scenario::Scenario& leader, const QString& wanted) {
  const auto* chosen = recipes::findRecipe(wanted.toStdString());
  if (chosen && scenario::comparable(*chosen, leader)) return std::string(chosen->name);
  // What each recipe teaches best against: the broken against the fixed, the fix against the
  // pitfall it avoids (never the service's first recipe for every lesson).
  static const std::map<std::string_view, std::string_view> kCounterparts = {
      {"zk-naive", "zk-chained"},
      {"zk-chained", "zk-naive"},
      {"zk-lost-watch", "zk-chained"},
      {"zk-lost-watch-exists", "zk-curator"},
      {"zk-no-guid", "zk-curator"},
      {"zk-curator", "zk-no-guid"},
      {"zk-no-recheck", "zk-chained"},
      {"zk-persistent", "zk-chained"},
      {"zk-ephemeral", "zk-chained"},
      {"zk-semaphore-mutex", "zk-curator"},
      {"redis-setnx", "redis-lock"},
      {"redis-setnx-expire", "redis-lock"},
      {"redis-lock", "redis-fenced"},
      {"redis-fenced", "redis-lock"},
      {"redis-unsafe-del", "redis-lock"},
      {"redis-reentrant", "redis-lock"},
      {"redis-watchdog", "redis-lock"},
      {"redlock", "redis-lock"},
      {"db-for-update", "db-optimistic"},
      {"db-optimistic", "db-for-update"},
      {"db-autocommit", "db-for-update"},
      {"db-blind-update", "db-optimistic"},
      {"db-unique-key", "db-unique-key-ttl"},
      {"db-unique-key-ttl", "db-fenced"},
      {"db-fenced", "db-unique-key-ttl"},
      {"db-no-expiry", "db-unique-key-ttl"},
      {"db-reentrant", "db-unique-key"},
      {"pg-advisory", "pg-advisory-xact"},
      {"pg-advisory-xact", "pg-advisory"}};
  const auto counterpart = kCounterparts.find(leader.recipe);
  if (counterpart != kCounterparts.end()) {
    const auto* recipe = recipes::findRecipe(counterpart->second);
    if (recipe && scenario::comparable(*recipe, leader)) return std::string(recipe->name);
  }
  const auto comparable = scenario::comparableRecipes(leader);  // the leader's service's first
  return comparable.empty() ? leader.recipe : std::string(comparable.front());
}

// The releases a run has done by `time`.
size_t releasesBy(const RunTimeline& timeline, sim::Micros time) {
  const auto& releases = timeline.releases();
  return static_cast<size_t>(
      std::count_if(releases.begin(), releases.end(),
                    [time](const ReleaseFigures& release) { return release.time <= time; }));
}

QString figure(double value) {
  return value == static_cast<double>(static_cast<long long>(value))
             ? QString::number(static_cast<long long>(value))
             : QString::number(value, 'f', 1);
}

}  // namespace

CompareController::CompareController(SimulationController& follower)
    : QObject(&follower), follower_(follower) {
  connect(&follower_, &SimulationController::scenarioChanged, this,
          &CompareController::choicesChanged);
  connect(&follower_, &SimulationController::frameChanged, this,
          &CompareController::headlineChanged);
}

void CompareController::setLeader(SimulationController* leader) {
  if (leader_ == leader) return;
  if (leader_) disconnect(leader_, nullptr, this, nullptr);
  leader_ = leader;
  follower_.playback()->setFollowing(leader_ != nullptr);
  if (leader_) {
    connect(leader_, &SimulationController::frameChanged, this, &CompareController::followLeader);
    connect(leader_, &SimulationController::scenarioChanged, this,
            &CompareController::followLeaderScenario);
    followLeaderScenario();
  }
  emit leaderChanged();
}

void CompareController::setRecipe(const QString& recipe) {
  if (recipe_ == recipe) return;
  recipe_ = recipe;
  followLeaderScenario();
  emit leaderChanged();
}

void CompareController::followLeaderScenario() {
  if (!leader_ || !leader_->timeline()) return;
  const std::string recipe = counterpartRecipe(leader_->timeline()->scenario(), recipe_);
  if (follower_.session()->follow(*leader_->session(), recipe)) followLeader();
}

void CompareController::followLeader() {
  if (leader_ && follower_.timeline() && leader_->timeline()) {
    follower_.playback()->seekTime(static_cast<double>(followerTime()));
  }
}

QStringList CompareController::choices() const {
  QStringList choices;
  if (!leader_ || !leader_->timeline()) return choices;
  const scenario::Scenario& leader = leader_->timeline()->scenario();
  if (!recipes::findRecipe(leader.recipe)) return choices;
  for (const std::string_view name : scenario::comparableRecipes(leader))
    choices << QString::fromStdString(std::string(name));
  return choices;
}

int CompareController::index() const {
  return static_cast<int>(choices().indexOf(follower_.run()->recipe()));
}

void CompareController::setAlignOnRelease(bool on) {
  if (alignOnRelease_ == on) return;
  alignOnRelease_ = on;
  followLeader();
  emit leaderChanged();
}

sim::Micros CompareController::followerTime() const {
  const RunTimeline& leading = *leader_->timeline();
  const RunTimeline& own = *follower_.timeline();
  // The same moment of the clients' plans: a run's clock starts before its clients do (a
  // ZooKeeper client first opens its session), by as much as its service needs, so across
  // services the same moment is the same time after each run's origin.
  const sim::Micros sameMoment = leader_->timeMicros() - leading.report().origin +
                                 own.report().origin;
  if (!alignOnRelease_) return sameMoment;
  // Release #k: as many releases done as the leader, and as long after the last of them; never
  // past the follower's next release (that would be #k+1). Before the first, the same time.
  const size_t done = releasesBy(leading, leader_->timeMicros());
  if (done == 0) return sameMoment;
  const auto& releases = own.releases();
  if (releases.size() < done) return own.endTime();  // this run never gets that far
  const sim::Micros since = leader_->timeMicros() - leading.releases()[done - 1].time;
  sim::Micros time = releases[done - 1].time + since;
  if (releases.size() > done) time = std::min(time, releases[done].time - 1);
  return std::min(time, own.endTime());
}

QString CompareController::note() const {
  QStringList lines;
  for (const std::string& line : follower_.session()->followNotes())
    lines << QString::fromStdString(line);
  return lines.join(QStringLiteral("; "));
}

namespace {

// "none in 3.0 s" or "4.1 s": how long after its holder's crash the lock was held again.
QString recoveryWords(const CrashRecovery& recovery, sim::Micros now) {
  const auto seconds = [](sim::Micros micros) {
    return QCoreApplication::translate("lockscope::gui::CompareController", "%1 s")
        .arg(static_cast<double>(micros) / 1e6, 0, 'f', 1);
  };
  if (recovery.nextHold) return seconds(*recovery.nextHold - recovery.crashedAt);
  return QCoreApplication::translate("lockscope::gui::CompareController", "none in %1")
      .arg(seconds(now - recovery.crashedAt));
}

}  // namespace

QString CompareController::crossServiceHeadline() const {
  const RunTimeline& leading = *leader_->timeline();
  const RunTimeline& own = *follower_.timeline();
  const auto theirs = crashRecoveryBy(leading, leader_->timeMicros());
  const auto mine = crashRecoveryBy(own, follower_.timeMicros());
  if (!theirs || !mine) return {};
  const QString left = recoveryWords(*theirs, leader_->timeMicros()),
                right = recoveryWords(*mine, follower_.timeMicros());
  if (left == right) return {};
  return tr("next holder after the crash: %1 vs %2").arg(left, right);
}

QString CompareController::holdersAtOnceHeadline() const {
  const int theirs = mostHoldersSoFar(*leader_->timeline(), leader_->timeMicros());
  const int mine = mostHoldersSoFar(*follower_.timeline(), follower_.timeMicros());
  if (theirs == mine) return {};
  return tr("most holders at once: %1 vs %2").arg(theirs).arg(mine);
}

QString CompareController::headline() const {
  if (!leader_ || !leader_->timeline() || !follower_.timeline()) return {};
  const QVariantMap mine = follower_.metrics()->figures(), theirs = leader_->metrics()->figures();
  // Across services, what a holder's crash or pause costs is the difference the lesson is about:
  // how long the lock stays lost, how many hold it at once (a stuck client is also a violation,
  // but only a conclusion at the run's end).
  if (leader_->timeline()->scenario().backend != follower_.timeline()->scenario().backend) {
    const QString recovery = crossServiceHeadline();
    if (!recovery.isEmpty()) return recovery;
    const QString holders = holdersAtOnceHeadline();
    if (!holders.isEmpty()) return holders;
  }
  // The first figure, in the order a class cares about, where the runs differ at the cursor.
  struct Figure {
    const char* key;
    const char* words;
  };
  for (const Figure& item :
       {Figure{"violations", QT_TR_NOOP("violations")},
        Figure{"notificationsPerRelease", QT_TR_NOOP("notifications per release")},
        Figure{"requestsPerRelease", QT_TR_NOOP("requests per release")},
        Figure{"holders", QT_TR_NOOP("holders now")},
        Figure{"handoffMeanMs", QT_TR_NOOP("ms mean handoff")},
        Figure{"acquisitions", QT_TR_NOOP("acquisitions")}}) {
    const double left = theirs.value(QLatin1String(item.key)).toDouble(),
                 right = mine.value(QLatin1String(item.key)).toDouble();
    if (std::abs(left - right) < 0.05) continue;
    //: "9 notifications per release vs 1": %1 and %3 the two runs' figures, %2 what they count.
    return tr("%1 %2 vs %3").arg(figure(left), tr(item.words), figure(right));
  }
  return tr("no difference yet");
}

}  // namespace lockscope::gui
