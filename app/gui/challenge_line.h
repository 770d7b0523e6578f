// One job: a challenge's line in the narration panel's heading (docs/scenario-format.md,
// "Challenges"): its goal, the fault budget left, and once the run has been played to its end the
// grade - solved, or not yet and why - from the same gradeChallenge as `lockscope-cli check`, on
// the run shown: the lesson with the faults clicked so far, on the setup as configured, against
// the challenge's original file.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <optional>

#include "sim/scenario/challenge_grade.h"

namespace lockscope::gui {

class SimulationController;

class ChallengeLine : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  // The lesson shown is a challenge (else the narration panel's heading is "Narration").
  Q_PROPERTY(bool active READ active NOTIFY changed)
  Q_PROPERTY(QString goal READ goal NOTIFY changed)
  // "Faults left: 1 of 1 fault (pause)", or, once graded, "Solved: ..." / "Not yet: ...".
  Q_PROPERTY(QString status READ status NOTIFY changed)
  // The goal in bold and the status after it, as styled text: one paragraph, so that it takes two
  // lines of a projector's narrow column rather than four.
  Q_PROPERTY(QString styledText READ styledText NOTIFY changed)
  Q_PROPERTY(bool solved READ solved NOTIFY changed)

 public:
  explicit ChallengeLine(SimulationController& simulation);

  bool active() const { return grade_.has_value(); }
  QString goal() const;
  QString status() const;
  QString styledText() const;
  bool solved() const;

 signals:
  void changed();

 private:
  // A new run: graded once here, as the grade reads files; the cursor only decides whether the
  // grade is shown yet.
  void regrade();

  SimulationController& simulation_;
  std::optional<scenario::ChallengeGrade> grade_;
  int faultsLeft_ = 0;
};

}  // namespace lockscope::gui
