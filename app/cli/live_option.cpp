#include "live_option.h"

#include <QTextStream>

#include "backends/live/live_interrupt.h"
#include "backends/live/server_address.h"
#include "exit_codes.h"

namespace lockscope::cli {

std::optional<backends::LiveChoice> parseRunLiveValue(const QString& value, const char* command) {
  backends::LiveChoice target{.service = live::LiveService::ZooKeeper, .connectTimeoutMs = kLiveConnectTimeoutMs};
  QString servers;
  const bool named = value.startsWith("zk=") || value.startsWith("redis=");
  if (value.startsWith("zk=")) {
    servers = value.mid(3);
  } else if (value.startsWith("redis=")) {
    target.service = live::LiveService::Redis;
    servers = value.mid(6);
  }
  std::string error;
  if (!named || !live::parseServerList(servers.toStdString(), error)) {
    // The value is not echoed when it may hold a password (user:secret@host).
    const QString shown = value.contains('@') ? QStringLiteral("...") : value;
    QTextStream(stderr) << "lockscope-cli " << command
                        << ": --live expects zk=HOST:PORT[,HOST:PORT...] or "
                           "redis=HOST:PORT[,HOST:PORT...], got '"
                        << shown << "'" << (named ? ": " + QString::fromStdString(error) : QString()) << "\n";
    return std::nullopt;
  }
  target.servers = servers.toStdString();
  return target;
}

int checkReachable(const backends::LiveChoice& live, const char* command) {
  std::string error;
  const live::LiveService service = live.service.value_or(live::LiveService::ZooKeeper);  // parseRunLiveValue names it
  if (live::probeLiveServers(service, live.servers, live.connectTimeoutMs, error)) return kExitOk;
  QTextStream(stderr) << "lockscope-cli " << command << ": " << QString::fromStdString(error) << "\n";
  return kExitUnreachable;
}

int chooseBackend(run::RunOptions& options, const backends::LiveChoice& live, const scenario::Scenario& scenario) {
  std::string error;
  options.backend = backends::backendFor(scenario, live, error);
  if (options.backend) {
    if (live.live()) live::catchInterrupts();  // Ctrl+C ends the run and leaves the servers as they were
    return kExitOk;
  }
  QTextStream(stderr) << QString::fromStdString(error) << "\n";
  return kExitBadInput;
}

}  // namespace lockscope::cli
