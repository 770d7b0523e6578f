// One job: records a scenario on the backend the user chose - the embedded model (at once, on
// the GUI thread: a lesson takes milliseconds) or live servers (probed, then run for their real
// duration on a worker thread, and handed over when done) - and says how that went in the
// status line. An unreachable server is a status-line message within the connect timeout,
// never a freeze. In a window a person uses, a big class on the model (the scale slider's
// thousand clients in a herd take seconds) runs on the worker thread too.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QThread>
#include <functional>
#include <memory>

#include "core/run_timeline.h"
#include "sim/scenario/scenario.h"

namespace lockscope::gui {

class LiveRunner : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(QString backend READ backend NOTIFY backendChanged)
  Q_PROPERTY(QString liveServers READ liveServers NOTIFY backendChanged)
  Q_PROPERTY(QString connectionStatus READ connectionStatus NOTIFY backendChanged)
  Q_PROPERTY(bool busy READ busy NOTIFY backendChanged)
  // On in a window a person uses (not in headless renders or tests, which want the run at once):
  // model runs of kBackgroundClients clients or more are made on the worker thread.
  Q_PROPERTY(bool backgroundModelRuns MEMBER backgroundModelRuns_)

 public:
  using Adopt = std::function<void(std::unique_ptr<RunTimeline> run)>;
  static constexpr size_t kBackgroundClients = 300;

  explicit LiveRunner(QObject* parent = nullptr);
  ~LiveRunner() override;

  // "model", or "live" against `servers` ("host:port[,host:port...]"): the scenario runs again
  // there (rerunRequested).
  Q_INVOKABLE void useBackend(const QString& backend, const QString& servers);

  // Records `scenario` and hands the run to `adopt`: at once on the model, later (from the
  // worker thread) when live or a big class in the background. False when no run was made or
  // started; `file` names the scenario in messages.
  bool record(const scenario::Scenario& scenario, const QString& file, Adopt adopt);

  QString backend() const { return live_ ? QStringLiteral("live") : QStringLiteral("model"); }
  QString liveServers() const { return liveServers_; }
  QString connectionStatus() const { return connectionStatus_; }
  bool busy() const { return worker_ != nullptr; }

 signals:
  void backendChanged();
  // The backend changed: the scenario is to be recorded again there.
  void rerunRequested();
  // A live run starts: playing stops until it is there.
  void liveRunStarted();
  void errorOccurred(const QString& error);

 private:
  void setConnectionStatus(const QString& status);
  // Runs `scenario` on the worker thread with the options `optionsOf` makes there, hands the
  // run to `adopt` when done, and says `doneStatus` (%1: the events recorded) or the failure.
  using MakeOptions = std::function<Result<run::RunOptions>()>;
  bool recordInBackground(const scenario::Scenario& scenario, MakeOptions optionsOf,
                          const QString& doneStatus, Adopt adopt);

  bool live_ = false;
  bool backgroundModelRuns_ = false;
  QString liveServers_;
  QString connectionStatus_;
  QThread* worker_ = nullptr;
};

}  // namespace lockscope::gui
