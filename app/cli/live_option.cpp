#include "live_option.h"

#include <QTextStream>
#include <algorithm>

#include "backends/live/live_backend.h"
#include "backends/live/live_probe.h"
#include "exit_codes.h"

namespace lockscope::cli {

std::optional<std::string> parseRunLiveValue(const QString& value, const char* command) {
  // Only ZooKeeper has a live backend so far; the prefix leaves room for redis=... later.
  if (!value.startsWith("zk=") || value.size() <= 3) {
    QTextStream(stderr) << "lockscope-cli " << command
                        << ": --live expects zk=HOST:PORT[,HOST:PORT...], got '" << value << "'\n";
    return std::nullopt;
  }
  return value.mid(3).toStdString();
}

int checkReachable(const std::string& servers, const char* command) {
  std::string error;
  if (live::probeZooKeeper(servers, kLiveConnectTimeoutMs, error)) return kExitOk;
  QTextStream(stderr) << "lockscope-cli " << command << ": " << QString::fromStdString(error)
                      << "\n";
  return kExitUnreachable;
}

void useLiveServers(run::RunOptions& options, const std::string& servers,
                    const scenario::Scenario& scenario) {
  const bool clientFaults =
      std::any_of(scenario.faults.begin(), scenario.faults.end(), [](const scenario::Fault& fault) {
        return fault.kind != scenario::Fault::Kind::KillServer &&
               fault.kind != scenario::Fault::Kind::RestartServer;
      });
  options.backend = live::liveBackend(
      {.servers = servers, .connectTimeoutMs = kLiveConnectTimeoutMs, .faultProxy = clientFaults});
}

}  // namespace lockscope::cli
