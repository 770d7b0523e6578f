// Compare mode on the follower's side: which recipes it may play, how its cursor follows the
// leader's (by time, or by "release #k"), and the headline difference between the two runs.
#include <algorithm>
#include <cmath>

#include "simulation_controller.h"
#include "sim/recipes/lock_recipe.h"

namespace lockscope::gui {
namespace {

// The releases a run has done by `time`.
size_t releasesBy(const RunTimeline& timeline, sim::Micros time) {
  const auto& releases = timeline.releases();
  return static_cast<size_t>(std::count_if(releases.begin(), releases.end(),
                                           [time](const ReleaseFigures& release) { return release.time <= time; }));
}

QString figure(double value) {
  return value == static_cast<double>(static_cast<long long>(value)) ? QString::number(static_cast<long long>(value))
                                                                     : QString::number(value, 'f', 1);
}

}  // namespace

QStringList SimulationController::compareChoices() const {
  QStringList choices;
  if (!leader_ || !leader_->timeline_) return choices;
  const std::string leading = leader_->timeline_->scenario().recipe;
  const auto* led = recipes::findRecipe(leading);
  for (const auto& recipe : recipes::recipeCatalog()) {
    if (led && recipe.backend == led->backend && recipe.name != leading) choices << QString::fromStdString(std::string(recipe.name));
  }
  return choices;
}

void SimulationController::setAlignOnRelease(bool on) {
  if (alignOnRelease_ == on) return;
  alignOnRelease_ = on;
  followLeader();
  emit leaderChanged();
}

sim::Micros SimulationController::followerTime() const {
  const sim::Micros leading = leader_->timeMicros();
  if (!alignOnRelease_) return leading;
  // Release #k: as many releases done as the leader, and as long after the last of them; never
  // past the follower's next release (that would be #k+1). Before the first, the same time.
  const size_t done = releasesBy(*leader_->timeline_, leading);
  if (done == 0) return leading;
  const auto& own = timeline_->releases();
  if (own.size() < done) return timeline_->endTime();  // this run never gets that far
  const sim::Micros since = leading - leader_->timeline_->releases()[done - 1].time;
  sim::Micros time = own[done - 1].time + since;
  if (own.size() > done) time = std::min(time, own[done].time - 1);
  return std::min(time, timeline_->endTime());
}

QString SimulationController::headline() const {
  if (!leader_ || !leader_->timeline_ || !timeline_) return {};
  const QVariantMap mine = metrics(), theirs = leader_->metrics();
  // The first figure, in the order a class cares about, where the runs differ at the cursor.
  struct Figure {
    const char* key;
    const char* words;
  };
  for (const Figure& item : {Figure{"violations", "violations"}, Figure{"notificationsPerRelease", "notifications per release"},
                             Figure{"requestsPerRelease", "requests per release"}, Figure{"holders", "holders now"},
                             Figure{"handoffMeanMs", "ms mean handoff"}, Figure{"acquisitions", "acquisitions"}}) {
    const double left = theirs.value(QLatin1String(item.key)).toDouble(), right = mine.value(QLatin1String(item.key)).toDouble();
    if (std::abs(left - right) < 0.05) continue;
    return QStringLiteral("%1 %2 vs %3").arg(figure(left), QLatin1String(item.words), figure(right));
  }
  return QStringLiteral("no difference yet");
}

}  // namespace lockscope::gui
