// The one connection string names the servers of the lesson's own service: ZooKeeper for a
// ZooKeeper lesson, the Redis instances (redis-1 first) for a Redis lesson. A live Redis run
// waits in the worker thread's own Qt event loop.
#include "live_runner.h"

#include <QCoreApplication>
#include <exception>

#include "backends/backend_for.h"
#include "backends/live/live_interrupt.h"

namespace lockscope::gui {
namespace {

constexpr int64_t kConnectTimeoutMs = 5000;

// The run's backend, chosen as the CLI chooses it (backends::backendFor): the lesson's model when
// `servers` is empty, else its live servers. A failure when they cannot be reached or cannot run
// it; the live probe blocks, so a live choice is made on the worker thread.
Result<run::RunOptions> optionsFor(const scenario::Scenario& scenario, const std::string& servers) {
  const backends::LiveChoice live{.servers = servers, .connectTimeoutMs = kConnectTimeoutMs};
  Result<run::RunBackendFactory> backend = backends::backendFor(scenario, live);
  if (!backend) return backend.status();
  if (live.live()) {
    const Status reached = live::probeLiveServers(backends::liveServiceFor(scenario, live), servers,
                                                  kConnectTimeoutMs);
    if (!reached) return reached;
  }
  return run::RunOptions{.backend = std::move(*backend)};
}

}  // namespace

LiveRunner::LiveRunner(QObject* parent) : QObject(parent) {}

LiveRunner::~LiveRunner() {
  // The window is closing: a live run in progress stops now, not at its own deadline (which can
  // be minutes away), and cleans up as after Ctrl+C - the run's namespace, keys or schema go and a
  // server it killed is started again - before the process ends. Its result has nowhere to go.
  if (!worker_) return;
  live::requestStop();
  worker_->wait();
  delete worker_;  // its finished() handler, queued to us, dies with us and never deletes it
  live::clearStopRequest();
}

void LiveRunner::setConnectionStatus(const QString& status) {
  connectionStatus_ = status;
  emit backendChanged();
}

void LiveRunner::useBackend(const QString& backend, const QString& servers) {
  if (worker_) {
    setConnectionStatus(tr("a live run is still in progress"));
    return;
  }
  live_ = backend == QLatin1String("live");
  liveServers_ = servers.trimmed();
  if (live_ && liveServers_.isEmpty()) {
    live_ = false;
    setConnectionStatus(
        tr("live: expected a connection string like %1").arg(QStringLiteral("127.0.0.1:2181")));
    return;
  }
  setConnectionStatus(live_ ? tr("live: %1").arg(liveServers_) : QString());
  emit rerunRequested();
}

bool LiveRunner::record(const scenario::Scenario& scenario, const QString& file, Adopt adopt) {
  if (worker_) {
    setConnectionStatus(live_ ? tr("a live run is still in progress")
                              : tr("a run is still being made"));
    return false;
  }
  if (!live_ && backgroundModelRuns_ && scenario.clients.size() >= kBackgroundClients) {
    setConnectionStatus(tr("making the run with %1 clients …").arg(scenario.clients.size()));
    return recordInBackground(
        scenario,
        [scenario]() -> Result<run::RunOptions> {
          return run::RunOptions{.backend = backends::modelBackendFor(scenario)};
        },
        QString(), std::move(adopt));
  }
  if (!live_) {
    // A model run that throws is a bug (a broken invariant, memory run out): it is said in the
    // error line, as a live run's failure is, rather than ending the window a class is watching.
    try {
      adopt(RunTimeline::record(scenario, {.backend = backends::modelBackendFor(scenario)}));
      return true;
    } catch (const std::exception& failure) {
      emit errorOccurred(tr("%1: the run failed: %2").arg(file, QString::fromUtf8(failure.what())));
      return false;
    }
  }
  emit liveRunStarted();
  setConnectionStatus(tr("live: connecting to %1 …").arg(liveServers_));
  const std::string servers = liveServers_.toStdString();
  return recordInBackground(
      scenario, [scenario, servers] { return optionsFor(scenario, servers); },
      tr("live: %1 · recorded %2 events in real time").arg(liveServers_, QStringLiteral("%1")),
      std::move(adopt));
}

bool LiveRunner::recordInBackground(const scenario::Scenario& scenario, MakeOptions optionsOf,
                                    const QString& doneStatus, Adopt adopt) {
  auto result = std::make_shared<std::unique_ptr<RunTimeline>>();
  auto error = std::make_shared<std::string>();
  const bool live = live_;
  worker_ = QThread::create([scenario, optionsOf = std::move(optionsOf), result, error, live] {
    // An exception must not leave a worker thread (std::terminate): a live run that cannot open a
    // fault proxy's port, say, is an error in the status line.
    try {
      const Result<run::RunOptions> options = optionsOf();
      if (!options) {
        *error = options.message();
        return;
      }
      *result = RunTimeline::record(scenario, *options);
    } catch (const std::exception& failure) {
      result->reset();
      *error =
          (live ? QCoreApplication::translate("lockscope::gui::LiveRunner",
                                              "the live run failed: %1")
                : QCoreApplication::translate("lockscope::gui::LiveRunner", "the run failed: %1"))
              .arg(QString::fromUtf8(failure.what()))
              .toStdString();
    }
  });
  connect(worker_, &QThread::finished, this,
          [this, result, error, doneStatus, live, adopt = std::move(adopt)] {
            worker_->deleteLater();
            worker_ = nullptr;
            if (*result) {
              setConnectionStatus(doneStatus.isEmpty() ? QString()
                                                       : doneStatus.arg((*result)->trace().size()));
              adopt(std::move(*result));
            } else {
              setConnectionStatus(live ? tr("live: %1").arg(QString::fromStdString(*error))
                                       : QString::fromStdString(*error));
              emit backendChanged();
            }
          });
  emit backendChanged();
  worker_->start();
  return true;
}

}  // namespace lockscope::gui
