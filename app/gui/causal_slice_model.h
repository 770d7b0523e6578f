// One job: the "Causal slice" toggle of a run with a violation. Shown, the views draw the events
// its first violation depends on (core/slice_marks.h) at full colour and dim the rest: the
// space-time diagram's messages, hold bars and lanes; the stage's clients and znodes that no
// event of the slice involves. The slice is computed once per run, when
// first asked for.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <optional>

#include "core/slice_marks.h"

namespace lockscope::gui {

class SimulationController;

class CausalSliceModel : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  // The run has a violation, whose slice can be shown.
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
  mutable std::optional<SliceMarks> marks_;  // of the run shown; reset when it changes
};

}  // namespace lockscope::gui
