// One job: a challenge's banner (docs/scenario-format.md, "Challenges"): its goal, the fault
// budget left, and once the run has been played to its end the grade - solved, or not yet and
// why - from the same gradeChallenge as `lockscope-cli check`, on the run shown: the lesson with
// the faults clicked so far, on the setup as configured, against the challenge's original file.
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
  // The lesson shown is a challenge (else the banner is hidden).
  Q_PROPERTY(bool active READ active NOTIFY changed)
  Q_PROPERTY(QString goal READ goal NOTIFY changed)
  // "Budget: 1 fault (pause); 1 left. ...", or, once graded, "Solved: ..." / "Not yet: ...".
  Q_PROPERTY(QString status READ status NOTIFY changed)
  Q_PROPERTY(bool solved READ solved NOTIFY changed)

 public:
  explicit ChallengeLine(SimulationController& simulation);

  bool active() const { return grade_.has_value(); }
  QString goal() const;
  QString status() const;
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
