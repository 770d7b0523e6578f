// One job: the status line's verdict as of the cursor. The lesson's expectations are about the
// whole run, so they are judged only once it has been played to its end (or shown whole): at a
// "what happens next?" pause the status line must not say "2 violation(s)" of a run that has had
// none yet. Violations are counted as they happen.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>

namespace lockscope::gui {

class SimulationController;

class VerdictLine : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(QString text READ text NOTIFY changed)
  // The verdict shown is a failed expectation.
  Q_PROPERTY(bool failed READ failed NOTIFY changed)
  // The whole run's expectations hold.
  Q_PROPERTY(bool passed READ passed NOTIFY changed)

 public:
  explicit VerdictLine(SimulationController& simulation);

  QString text() const;
  bool failed() const;
  bool passed() const;
  // The expectations may be judged: the run has been played to its end, or is shown whole (a
  // challenge's grade is shown from then on too: challenge_line.h).
  bool judged() const;

 signals:
  void changed();

 private:
  bool challengeAttempt() const;

  SimulationController& simulation_;
};

}  // namespace lockscope::gui
