#include "live_option.h"

#include <QTextStream>

#include "backends/live/live_interrupt.h"
#include "backends/live/server_address.h"
#include "exit_codes.h"

namespace lockscope::cli {

std::optional<backends::LiveChoice> parseRunLiveValue(const QString& value, const char* command) {
  backends::LiveChoice target{.service = live::LiveService::ZooKeeper,
                              .connectTimeoutMs = kLiveConnectTimeoutMs};
  QString servers;
  const bool named = value.startsWith("zk=") || value.startsWith("redis=");
  if (value.startsWith("zk=")) {
    servers = value.mid(3);
  } else if (value.startsWith("redis=")) {
    target.service = live::LiveService::Redis;
    servers = value.mid(6);
  }
  const Result<std::vector<live::ServerAddress>> parsed = live::parseServerList(
      servers.toStdString());
  if (!named || !parsed) {
    // The value is not echoed when it may hold a password (user:secret@host).
    const QString shown = value.contains('@') ? QStringLiteral("...") : value;
    QTextStream(stderr) << "lockscope-cli " << command
                        << ": --live expects zk=HOST:PORT[,HOST:PORT...] or "
                           "redis=HOST:PORT[,HOST:PORT...], got '"
                        << shown << "'"
                        << (named ? ": " + QString::fromStdString(parsed.message()) : QString())
                        << "\n";
    return std::nullopt;
  }
  target.servers = servers.toStdString();
  return target;
}

int checkReachable(const backends::LiveChoice& live, const char* command) {
  const live::LiveService service = live.service.value_or(
      live::LiveService::ZooKeeper);  // parseRunLiveValue names it
  const Status reached = live::probeLiveServers(service, live.servers, live.connectTimeoutMs);
  if (reached) return kExitOk;
  QTextStream(stderr) << "lockscope-cli " << command << ": "
                      << QString::fromStdString(reached.message()) << "\n";
  return kExitUnreachable;
}

int chooseBackend(run::RunOptions& options, const backends::LiveChoice& live,
                  const scenario::Scenario& scenario) {
  Result<run::RunBackendFactory> backend = backends::backendFor(scenario, live);
  if (backend) {
    options.backend = std::move(*backend);
    if (live.live())
      live::catchInterrupts();  // Ctrl+C ends the run and leaves the servers as they were
    return kExitOk;
  }
  QTextStream(stderr) << QString::fromStdString(backend.message()) << "\n";
  return kExitBadInput;
}

}  // namespace lockscope::cli
