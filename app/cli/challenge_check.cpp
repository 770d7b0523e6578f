#include "challenge_check.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "gui/lesson_folder.h"
#include "judged_run.h"
#include "sim/scenario/challenge.h"
#include "sim/scenario/challenge_grade.h"

namespace lockscope::cli {
namespace {

std::optional<std::string> readText(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  return file.readAll().toStdString();
}

}  // namespace

bool isChallengeOriginal(const QString& file, const scenario::Challenge& challenge) {
  const QFileInfo info(file);
  return info.completeBaseName() == QString::fromStdString(challenge.id) &&
         info.dir().dirName() == QStringLiteral("challenges");
}

ChallengeOutcome checkChallengeRecording(const QString& file, const scenario::Scenario& recording,
                                         const run::RunOptions& options, bool overridden,
                                         QTextStream& out) {
  const scenario::Challenge& challenge = *recording.challenge;
  const QString originalPath = QString::fromStdString(
      scenario::challengeOriginalPath(gui::findLessonFolder().toStdString(), challenge.id));
  const std::optional<std::string> original = readText(originalPath);
  const std::optional<std::string> recorded = readText(file);
  if (!original || !recorded) {
    QTextStream(stderr) << file << ": challenge '" << QString::fromStdString(challenge.id)
                        << "' not found: expected " << originalPath << "\n";
    out << "FAIL " << file << ": unknown challenge (see above)\n";
    return ChallengeOutcome::BadInput;
  }
  // The expectations are the challenge's (it runs clean); a recording is judged by the grade.
  const run::RunReport report = judgedRun(recording, options, false);
  std::vector<std::string> differences = scenario::setupDifferences(*recorded, *original);
  if (overridden) differences.push_back("--set");
  const scenario::ChallengeGrade grade = scenario::gradeChallenge(challenge, recording.faults,
                                                                  report.verdict, differences);
  out << (grade.solved ? "solved " : "not solved ") << file << ": "
      << QString::fromStdString(grade.line.en) << "\n";
  return grade.solved ? ChallengeOutcome::Solved : ChallengeOutcome::NotSolved;
}

}  // namespace lockscope::cli
