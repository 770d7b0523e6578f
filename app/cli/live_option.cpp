#include "live_option.h"

#include <QTextStream>

#include "backends/live/live_interrupt.h"
#include "backends/live/server_address.h"
#include "exit_codes.h"

namespace lockscope::cli {

std::optional<LiveTarget> parseRunLiveValue(const QString& value, const char* command) {
  LiveTarget target;
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

int checkReachable(const LiveTarget& target, const char* command) {
  std::string error;
  if (live::probeLiveServers(target.service, target.servers, kLiveConnectTimeoutMs, error)) return kExitOk;
  QTextStream(stderr) << "lockscope-cli " << command << ": " << QString::fromStdString(error) << "\n";
  return kExitUnreachable;
}

int useLiveServers(run::RunOptions& options, const LiveTarget& target, const scenario::Scenario& scenario) {
  std::string error;
  options.backend = live::liveBackendFor(scenario, target.service, target.servers, kLiveConnectTimeoutMs, error);
  if (options.backend) {
    live::catchInterrupts();  // Ctrl+C ends the run and leaves the servers as they were
    return kExitOk;
  }
  QTextStream(stderr) << QString::fromStdString(error) << "\n";
  return kExitBadInput;
}

}  // namespace lockscope::cli
