// One job: the "Causal slice" toggle of a run with a violation. Shown, the views draw the events
// the first violation depends on (core/slice_marks.h) at full colour and dim the rest: the
// space-time diagram's messages, hold bars and lanes; the stage's clients and znodes that no
// event of the slice involves.
//
// The first violation is the first the run has shown by the cursor (by when the trace shows it,
// Violation::knownAt; the whole run's when it is shown whole): a "what happens next?" pause must
// not offer the slice of a violation still to come. Each slice is computed when first asked for.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <optional>

#include "core/slice_marks.h"

namespace lockscope::gui {

class RunTimeline;
class SimulationController;

class CausalSliceModel : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  // The run has shown a violation by the cursor, whose slice can be shown.
  Q_PROPERTY(bool available READ available NOTIFY changed)
  // The user's toggle (kept across runs); the views dim only when it is on and available.
  Q_PROPERTY(bool shown READ shown WRITE setShown NOTIFY changed)
  Q_PROPERTY(QString summary READ summary NOTIFY changed)

 public:
  explicit CausalSliceModel(SimulationController& simulation);

  bool available() const;
  bool shown() const { return shown_; }
  void setShown(bool shown);
  Q_INVOKABLE void toggle() { setShown(!shown_); }
  QString summary() const;
  // Shown and available: the views dim what is outside the slice.
  bool active() const { return shown_ && available(); }
  const SliceMarks& marks() const;

  // What the views dim while active, by trace index, flight index and client number.
  Q_INVOKABLE bool eventDimmed(int index) const;
  Q_INVOKABLE bool flightDimmed(int index) const;
  Q_INVOKABLE bool clientDimmed(int client) const;
  Q_INVOKABLE bool pathDimmed(const QString& path) const;

 signals:
  void changed();

 private:
  SimulationController& simulation_;
  bool shown_ = false;
  // Which violation's slice is shown (its index in the verdict), -1 for none yet.
  int violationShown() const;

  int lastShown_ = -1;  // violationShown() as of the last frame: `changed` when it moves
  mutable std::optional<SliceMarks> marks_;  // of marksOf_'s slice in the run shown
  mutable int marksOf_ = -1;
  struct ShownFor {  // violationShown() at one moment of one run
    const RunTimeline* timeline = nullptr;
    sim::Micros until = 0;
    int violation = -1;
  };
  mutable ShownFor shownFor_;
};

}  // namespace lockscope::gui
