// One job: "Break it" - the explorer (sim/explore) on the lesson shown, without the lesson's own
// faults (the author's answer): schedules and faults are tried on a worker thread while the
// window stays live, with the runs made so far in the status and a cancel; a counterexample is
// shrunk, written as a lesson under the app's data folder (found/NAME-found.yaml, never over an
// earlier one) and opened like any lesson.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <cstdint>

namespace lockscope::gui {

class ScenarioSession;

class ExplorerRunner : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(bool searching READ searching NOTIFY changed)
  // What the search is doing or found, one line: "run 120 of 2000 …", "found …", "no violation …".
  Q_PROPERTY(QString status READ status NOTIFY changed)
  // The lesson written for the last counterexample found; empty: none yet.
  Q_PROPERTY(QString foundFile READ foundFile NOTIFY changed)

 public:
  static constexpr uint64_t kRuns = 2000;

  explicit ExplorerRunner(ScenarioSession& session, QObject* parent = nullptr);
  ~ExplorerRunner() override;  // cancels a search and waits for it

  Q_INVOKABLE void start();
  Q_INVOKABLE void cancel();

  bool searching() const { return worker_ != nullptr; }
  QString status() const { return status_; }
  QString foundFile() const { return foundFile_; }

 signals:
  void changed();
  void errorOccurred(const QString& error);

 private:
  void setStatus(const QString& status);

  ScenarioSession& session_;
  QThread* worker_ = nullptr;
  std::atomic<bool> cancelled_{false};
  std::atomic<uint64_t> runs_{0};
  QTimer progress_;  // shows runs_ while searching: the worker does not flood the event loop
  QString status_;
  QString foundFile_;
};

}  // namespace lockscope::gui
