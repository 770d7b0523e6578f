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

std::string ZkConsoleWorld::takeOutput() {
  std::string text = output_.str();
  output_.str({});
  return text;
}

std::unique_ptr<RunTimeline> ZkConsoleWorld::timeline() const {
  scenario::Scenario scenario;
  scenario.file = "zkCli console";
  scenario.title.en = "zkCli console";
  scenario.title.zh = "zkCli 控制台";
  scenario::NarrationStep about;
  about.at = 0;
  about.text.en =
      "The zkCli console: every command typed below runs on this ZooKeeper and plays here - its "
      "requests, the znodes, the watches and their notifications. Each session is a client.";
  about.text.zh =
      "zkCli 控制台：在下方输入的每条命令都在这个 ZooKeeper 上执行，并在这里演示——"
      "请求、znode、watch 以及它们的通知。每个会话是一个客户端。";
  scenario.narration.push_back(std::move(about));
  for (int index = 1; index <= model_.sessionsOpened(); ++index) {
    clients::ClientSpec client;
    client.name = cli::ModelZkShell::clientName(index);
    client.sessionTimeoutMs = kSessionTimeoutMs;
    scenario.clients.push_back(std::move(client));
  }
  return RunTimeline::fromTrace(scenario, trace_, model_.world().now());
}

}  // namespace lockscope::gui
