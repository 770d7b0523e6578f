#include "console_world.h"

#include <array>

#include "redis_console_world.h"
#include "zk_console_world.h"

namespace lockscope::gui {

ConsoleKind consoleKindFor(std::string_view backend) {
  return backend == "redis" ? ConsoleKind::Redis : ConsoleKind::ZooKeeper;
}

const char* consoleKindName(ConsoleKind kind) {
  return kind == ConsoleKind::Redis ? "redis" : "zookeeper";
}

const char* shellName(ConsoleKind kind) {
  return kind == ConsoleKind::Redis ? "redis-cli" : "zkCli";
}

std::optional<ConsoleKind> consoleKindOfScript(std::string_view fileName) {
  if (fileName.ends_with(".zk")) return ConsoleKind::ZooKeeper;
  if (fileName.ends_with(".redis")) return ConsoleKind::Redis;
  return std::nullopt;
}

std::unique_ptr<ConsoleWorld> makeConsoleWorld(ConsoleKind kind) {
  if (kind == ConsoleKind::Redis) return std::make_unique<RedisConsoleWorld>();
  return std::make_unique<ZkConsoleWorld>();
}

std::vector<std::string> splitScriptLines(const std::string& text, bool returnEndsLine) {
  std::vector<std::string> lines;
  std::string line;
  for (size_t at = 0; at < text.size(); ++at) {
    const char c = text[at];
    if (c == '\n' || (returnEndsLine && c == '\r')) {
      lines.push_back(std::move(line));
      line.clear();
      if (c == '\r' && at + 1 < text.size() && text[at + 1] == '\n') ++at;
    } else {
      line += c;
    }
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

scenario::Scenario consoleScenario(ConsoleKind kind, std::vector<clients::ClientSpec> clients) {
  // Its title and what it is, by kind: English, then Chinese.
  static constexpr std::array<std::array<const char*, 4>, 2> kTexts = {{
      {"zkCli console", "zkCli 控制台",
       "The zkCli console: every command typed below runs on this ZooKeeper and plays here - its "
       "requests, the znodes, the watches and their notifications. Each session is a client.",
       "zkCli 控制台：在下方输入的每条命令都在这个 ZooKeeper 上执行，并在这里演示——"
       "请求、znode、watch 以及它们的通知。每个会话是一个客户端。"},
      {"redis-cli console", "redis-cli 控制台",
       "The redis-cli console: every command typed below runs on this Redis and plays here - the "
       "keys it writes, their values and their TTLs, which run out in real time, as on a server.",
       "redis-cli 控制台：在下方输入的每条命令都在这个 Redis 上执行，并在这里演示——"
       "它写入的键、键的值和 TTL；TTL 按真实时间流逝，和在服务器上一样。"},
  }};
  const auto& texts = kTexts[static_cast<size_t>(kind)];
  scenario::Scenario scenario;
  scenario.file = scenario.title.en = texts[0];
  scenario.title.zh = texts[1];
  scenario::NarrationStep about;
  about.at = 0;
  about.text.en = texts[2];
  about.text.zh = texts[3];
  scenario.narration.push_back(std::move(about));
  scenario.clients = std::move(clients);
  return scenario;
}

}  // namespace lockscope::gui
