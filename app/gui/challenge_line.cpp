#include "challenge_line.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

#include "core/run_timeline.h"
#include "lesson_folder.h"
#include "lesson_text.h"
#include "scenario_session.h"
#include "sim/scenario/challenge.h"
#include "simulation_controller.h"
#include "verdict_line.h"

namespace lockscope::gui {
namespace {

// The challenge's original: the file shown when it is the challenge itself
// (challenges/<id>.yaml), else the one in the lessons folder, as `lockscope-cli check` finds it.
std::string originalText(const QString& shownFile, const std::string& id) {
  const QFileInfo shown(shownFile);
  QString path = QString::fromStdString(
      scenario::challengeOriginalPath(findLessonFolder().toStdString(), id));
  if (shown.completeBaseName() == QString::fromStdString(id) &&
      shown.dir().dirName() == QStringLiteral("challenges"))
    path = shown.filePath();
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

}  // namespace

ChallengeLine::ChallengeLine(SimulationController& simulation)
    : QObject(&simulation), simulation_(simulation) {
  connect(&simulation_, &SimulationController::scenarioChanged, this, &ChallengeLine::regrade);
  connect(&simulation_, &SimulationController::frameChanged, this, &ChallengeLine::changed);
}

void ChallengeLine::regrade() {
  grade_.reset();
  const RunTimeline* timeline = simulation_.timeline();
  if (timeline && timeline->scenario().challenge) {
    const scenario::Scenario& run = timeline->scenario();
    const std::string original = originalText(simulation_.session()->file(), run.challenge->id);
    const std::vector<std::string> differences =
        original.empty() ? std::vector<std::string>{"challenge (its original was not found)"}
                         : scenario::setupDifferences(simulation_.session()->text(), original);
    grade_ = scenario::gradeChallenge(*run.challenge, run.faults, timeline->report().verdict,
                                      differences);
    faultsLeft_ = std::max(0, run.challenge->budget - scenario::faultsSpent(run.faults));
  }
  emit changed();
}

QString ChallengeLine::goal() const {
  const RunTimeline* timeline = simulation_.timeline();
  if (!grade_ || !timeline) return {};
  return tr("Challenge: %1").arg(lessonText(timeline->scenario().challenge->goal));
}

QString ChallengeLine::status() const {
  const RunTimeline* timeline = simulation_.timeline();
  if (!grade_ || !timeline) return {};
  if (simulation_.verdict()->judged()) {
    return (grade_->solved ? tr("Solved: %1") : tr("Not yet: %1")).arg(lessonText(grade_->line));
  }
  const scenario::Challenge& challenge = *timeline->scenario().challenge;
  return tr("Faults left: %1 of %2")
      .arg(faultsLeft_)
      .arg(lessonText(scenario::describeBudget(challenge)));
}

QString ChallengeLine::styledText() const {
  if (!grade_) return {};
  return QStringLiteral("<b>%1</b> · %2").arg(goal().toHtmlEscaped(), status().toHtmlEscaped());
}

bool ChallengeLine::solved() const {
  return grade_ && grade_->solved && simulation_.verdict()->judged();
}

}  // namespace lockscope::gui
