// The model behind the GUI's console, without Qt: one of lockscope-cli's shells over a model
// server of the console's own, fed one typed line at a time, with a recording of every trace
// event its commands cause - so that what the console prints is what the CLI prints for the same
// lines, and the stage can show the server as a run. One per shell, the lesson's service
// choosing: ZkConsoleWorld (zkCli over the model ZooKeeper, zk_console_world.h) and
// RedisConsoleWorld (redis-cli over the model Redis, redis_console_world.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "run_timeline.h"

namespace lockscope::gui {

// The shell a console speaks: zkCli, or redis-cli in a Redis lesson.
enum class ConsoleKind : uint8_t { ZooKeeper, Redis };

// The console of a lesson on `backend` (its `backend:`): redis-cli for "redis", else zkCli.
ConsoleKind consoleKindFor(std::string_view backend);
// "zookeeper" or "redis", as a lesson's `backend:` says.
const char* consoleKindName(ConsoleKind kind);
// "zkCli" or "redis-cli".
const char* shellName(ConsoleKind kind);
// The kind a script's file name says: "*.zk" zkCli's, "*.redis" redis-cli's; nothing for another.
std::optional<ConsoleKind> consoleKindOfScript(std::string_view fileName);

class ConsoleWorld {
 public:
  virtual ~ConsoleWorld() = default;

  // What the shell prints at start-up (zkCli's banner; redis-cli says nothing).
  virtual std::string start() = 0;
  // What one line prints: replies, events and errors in the order the shell writes them (the
  // CLI's stdout and stderr, interleaved as a terminal shows them).
  virtual std::string execute(const std::string& line) = 0;
  // The prompt the shell shows on a terminal before the next command.
  virtual std::string prompt() const = 0;
  // The last line ended the shell (quit).
  virtual bool quit() const = 0;
  // The shell prints this line itself (zkCli echoes a script's '#' narration): the transcript
  // shows it once, without a prompt.
  virtual bool echoes(const std::string& line) const = 0;
  // A script's text as the shell's loop splits it into lines.
  virtual std::vector<std::string> scriptLines(const std::string& text) const = 0;

  // Everything so far as a run, one client per connection the shell opened.
  virtual std::unique_ptr<RunTimeline> timeline() const = 0;
  // The present on the run's clock.
  virtual sim::Micros now() const = 0;
  // Its clock runs on between commands, in real time (redis-shell's model): the stage shows each
  // run from now, rather than replaying the wait since the last command.
  virtual bool realTime() const = 0;
};

std::unique_ptr<ConsoleWorld> makeConsoleWorld(ConsoleKind kind);

// A script's lines: split at '\n', and at "\r\n" and a lone '\r' too when `returnEndsLine` (Java's
// BufferedReader.readLine; std::getline leaves a '\r' in the line). A last line end ends the
// last line, as both readers see it.
std::vector<std::string> splitScriptLines(const std::string& text, bool returnEndsLine);

// The scenario a console's runs are shown with: its title, one narration step at the start
// saying what it is (the panel shows it from the first frame), and its clients.
scenario::Scenario consoleScenario(ConsoleKind kind, std::vector<clients::ClientSpec> clients);

}  // namespace lockscope::gui
