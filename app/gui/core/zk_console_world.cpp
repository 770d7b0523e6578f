#include "zk_console_world.h"

namespace lockscope::gui {
namespace {

// zkCli's session timeout when -timeout is not given (the rings on the stage count it down).
constexpr int64_t kSessionTimeoutMs = 30'000;

}  // namespace

ZkConsoleWorld::ZkConsoleWorld(uint64_t seed) : model_(output_, output_, seed) {
  model_.world().trace().addSink(&trace_);
}

std::string ZkConsoleWorld::start() {
  model_.start();
  return takeOutput();
}

std::string ZkConsoleWorld::execute(const std::string& line) {
  // One line as the CLI's loop hands it over (ZkShell::run), so narration lines echo as there.
  model_.shell().runLine(line);
  return takeOutput();
}

bool ZkConsoleWorld::echoes(const std::string& line) const {
  return !line.empty() && line.front() == '#';
}

std::vector<std::string> ZkConsoleWorld::scriptLines(const std::string& text) const {
  // As the shell's loop reads them (BufferedReader.readLine): lines end at \n, \r\n or \r.
  return splitScriptLines(text, true);
}

std::string ZkConsoleWorld::takeOutput() {
  std::string text = output_.str();
  output_.str({});
  return text;
}

std::unique_ptr<RunTimeline> ZkConsoleWorld::timeline() const {
  std::vector<clients::ClientSpec> sessions;
  for (int index = 1; index <= model_.sessionsOpened(); ++index) {
    clients::ClientSpec client;
    client.name = cli::ModelZkShell::clientName(index);
    client.sessionTimeoutMs = kSessionTimeoutMs;
    sessions.push_back(std::move(client));
  }
  const scenario::Scenario scenario = consoleScenario(ConsoleKind::ZooKeeper, std::move(sessions));
  return RunTimeline::fromTrace(scenario, trace_, model_.world().now());
}

}  // namespace lockscope::gui
