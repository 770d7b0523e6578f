// The shell's loop, command dispatch (ZooKeeperMain.processZKCmd), sessions and built-ins.
#include "zk_shell.h"

#include <algorithm>
#include <istream>
#include <ostream>

#include "backends/model/zookeeper/java_text.h"
#include "zk_shell_format.h"
#include "zk_shell_tokenizer.h"

namespace lockscope::cli {

using zookeeper::ErrorCode;
using zookeeper::EventType;
using zookeeper::SessionState;
using zookeeper::WatchedEvent;

namespace {

// CommandNotFoundException's exit code.
constexpr int kExitCommandNotFound = 127;

// Every command zkCli 3.8 knows, with its option string, as its usage() lists them.
const std::vector<std::pair<std::string, std::string>>& zkCliCommands() {
  static const std::vector<std::pair<std::string, std::string>> commands = {
      {"addWatch",
       "[-m mode] path # optional mode is one of [PERSISTENT, PERSISTENT_RECURSIVE] - default is "
       "PERSISTENT_RECURSIVE"},
      {"addauth", "scheme auth"},
      {"close", ""},
      {"config", "[-c] [-w] [-s]"},
      {"connect", "host:port"},
      {"create", "[-s] [-e] [-c] [-t ttl] path [data] [acl]"},
      {"delete", "[-v version] path"},
      {"deleteall", "path [-b batch size]"},
      {"delquota", "[-n|-b|-N|-B] path"},
      {"get", "[-s] [-w] path"},
      {"getAcl", "[-s] path"},
      {"getAllChildrenNumber", "path"},
      {"getEphemerals", "path"},
      {"history", ""},
      {"listquota", "path"},
      {"ls", "[-s] [-w] [-R] path"},
      {"printwatches", "on|off"},
      {"quit", ""},
      {"reconfig",
       "[-s] [-v version] [[-file path] | [-members serverID=host:port1:port2;port3[,...]*]] | "
       "[-add serverId=host:port1:port2;port3[,...]]* [-remove serverId[,...]*]"},
      {"redo", "cmdno"},
      {"removewatches", "path [-c|-d|-a] [-l]"},
      {"set", "[-s] [-v version] path data"},
      {"setAcl", "[-s] [-v version] [-R] path acl"},
      {"setquota", "-n|-b|-N|-B val path"},
      {"stat", "[-w] path"},
      {"sync", "path"},
      {"version", ""},
      {"whoami", ""},
  };
  return commands;
}

// The 3.4 names the seeds teach; 3.8 rejects them, this shell keeps them as aliases.
bool isAlias(const std::string& command) { return command == "ls2" || command == "rmr"; }

bool isKnown(const std::string& command) {
  if (isAlias(command)) return true;
  const auto& commands = zkCliCommands();
  return std::any_of(commands.begin(), commands.end(),
                     [&](const auto& entry) { return entry.first == command; });
}

// Integer.decode: optional sign, then decimal, 0x/0X/# hex, or 0 octal.
bool decodeInteger(const std::string& text, long long& value) {
  size_t at = 0;
  bool negative = false;
  if (at < text.size() && (text[at] == '-' || text[at] == '+')) negative = text[at++] == '-';
  int base = 10;
  if (text.compare(at, 2, "0x") == 0 || text.compare(at, 2, "0X") == 0) {
    base = 16;
    at += 2;
  } else if (text.compare(at, 1, "#") == 0) {
    base = 16;
    at += 1;
  } else if (text.compare(at, 1, "0") == 0 && at + 1 < text.size()) {
    base = 8;
    at += 1;
  }
  if (at >= text.size() || text[at] == '-' || text[at] == '+') return false;
  try {
    size_t used = 0;
    const long long magnitude = std::stoll(text.substr(at), &used, base);
    if (used != text.size() - at) return false;
    value = negative ? -magnitude : magnitude;
    return value >= INT32_MIN && value <= INT32_MAX;
  } catch (...) {
    return false;
  }
}

}  // namespace

struct ZkShell::Session {
  std::unique_ptr<zookeeper::ZooKeeperClient> client;
  int syncConnectedEvents = 0;
  bool closedEvent = false;
};

ZkShell::ZkShell(ClientFactory factory, Driver driver, std::ostream& out, std::ostream& err)
    : factory_(std::move(factory)), driver_(std::move(driver)), out_(out), err_(err) {}

ZkShell::~ZkShell() = default;

void ZkShell::start(const std::string& host) {
  printOut("Connecting to " + host);
  host_ = host;
  // zkCli prints the banner while its first session is still being set up; the SyncConnected
  // event follows it.
  printOut("Welcome to ZooKeeper!");
  printOut("JLine support is disabled");
  connectTo(host);
}

int ZkShell::run(std::istream& in) {
  std::string text;
  while (!quit_ && std::getline(in, text)) {
    // BufferedReader.readLine ends a line at \n, \r or \r\n: `create /a<CR>create /b` is two
    // commands, and the \r of a \r\n ending ends nothing more.
    if (!text.empty() && text.back() == '\r') text.pop_back();
    size_t start = 0;
    while (!quit_) {
      const size_t cr = text.find('\r', start);
      runLine(text.substr(start, cr == std::string::npos ? cr : cr - start));
      if (cr == std::string::npos) break;
      start = cr + 1;
    }
  }
  return exitCode_;
}

void ZkShell::runLine(std::string line) {
  // zkCli reads a String: bytes that are not UTF-8 arrive (in paths and data) as U+FFFD.
  line = zookeeper::model::javaRecoded(line);
  // Our one departure from zkCli (which answers "Command not found"): a line starting with '#'
  // is narration in a lesson script, echoed as it is. The differential scripts strip them.
  if (line.starts_with('#')) {
    printOut(line);
    return;
  }
  executeLine(line);
}

bool ZkShell::executeLine(const std::string& line) {
  if (line.empty()) return !quit_;
  Words words = tokenizeCommandLine(line);
  if (words.empty()) words = lastWords_;  // parseCommand failed: zkCli keeps the previous words
  lastWords_ = words;
  history_[commandCount_] = line;
  if (!words.empty()) processCommand(words);
  ++commandCount_;
  out_.flush();
  err_.flush();
  return !quit_;
}

std::string ZkShell::prompt() const {
  // ZooKeeperMain.getPrompt names the handle's state as ZooKeeper.States does.
  const char* state = alive() ? "CONNECTED" : "CLOSED";
  return "[zk: " + host_ + "(" + state + ") " + std::to_string(commandCount_) + "] ";
}

void ZkShell::processCommand(const Words& words) {
  const std::string& command = words[0];
  if (command == "quit") {
    // zkCli exits with the previous command's code.
    if (alive()) closeSession();
    quit_ = true;
    return;
  }
  exitCode_ = 0;
  if (!isKnown(command)) {
    printErr("ZooKeeper -server host:port -client-configuration properties-file cmd args");
    for (const auto& [name, options] : zkCliCommands()) printErr("\t" + name + " " + options);
    fail("Command not found: Command not found " + command, kExitCommandNotFound);
    return;
  }
  processBuiltin(words);
  // Every command below needs a live session, the built-ins above fall through to this check.
  if (!alive()) {
    printOut("Not connected");
    return;
  }
  runNodeCommand(words);
}

// The commands ZooKeeperMain handles itself (quit aside). They fall through to the session check.
void ZkShell::processBuiltin(const Words& words) {
  const std::string& command = words[0];
  if (command == "redo" && words.size() >= 2) redo(words);
  if (command == "history") history();
  if (command == "printwatches") printWatches(words);
  if (command == "connect") connectTo(words.size() >= 2 ? words[1] : host_);
}

void ZkShell::runNodeCommand(const Words& words) {
  const std::string& command = words[0];
  if (command == "ls") return ls(words);
  if (command == "ls2") {
    printErr("'ls2' has been deprecated. Please use 'ls [-s] path' instead.");
    Words asLs = words;
    asLs[0] = "ls";
    asLs.insert(asLs.begin() + 1, "-s");
    return ls(asLs);
  }
  if (command == "create") return create(words);
  if (command == "get") return get(words);
  if (command == "set") return set(words);
  if (command == "stat") return stat(words);
  if (command == "delete") return remove(words);
  if (command == "deleteall" || command == "rmr") return deleteAll(words);
  if (command == "sync") return sync(words);
  if (command == "close") return close(words);
  if (command == "whoami") return whoAmI(words);
  if (command == "version") return version(words);
  if (command == "config") return config(words);
  if (command == "getAllChildrenNumber") return getAllChildrenNumber(words);
  if (command == "getEphemerals") return getEphemerals(words);
  if (command == "getAcl") return getAcl(words);
  if (command == "setAcl") return setAcl(words);
  if (command == "addauth") return addAuth(words);
  if (command == "addWatch") return addWatch(words);
  if (command == "removewatches") return removeWatches(words);
  if (command == "setquota") return setQuota(words);
  if (command == "listquota") return listQuota(words);
  if (command == "delquota") return delQuota(words);
  static const std::set<std::string> builtins = {"connect", "history", "redo", "printwatches"};
  if (builtins.count(command)) return;
  fail("lockscope shell: '" + command +
       "' is not modeled (supported: ls, create, get, set, stat, delete, deleteall, sync, close, "
       "whoami, version, config, getAllChildrenNumber, getEphemerals, getAcl, setAcl, addauth, "
       "addWatch, removewatches, setquota, listquota, delquota, connect, quit, printwatches, "
       "history, redo)");
}

zookeeper::ZooKeeperClient& ZkShell::client() { return *session_->client; }

bool ZkShell::alive() const {
  if (!session_) return false;
  const SessionState state = session_->client->state();
  return state != SessionState::Closed && state != SessionState::Expired;
}

void ZkShell::connectTo(const std::string& host) {
  if (alive()) closeSession();
  if (session_) retired_.push_back(std::move(session_));
  host_ = host;
  session_ = std::make_unique<Session>();
  session_->client = factory_(host);
  Session* session = session_.get();
  session->client->setWatcher([this, session](const WatchedEvent& event) {
    if (event.type == EventType::None && event.state == SessionState::SyncConnected)
      ++session->syncConnectedEvents;
    if (event.type == EventType::None && event.state == SessionState::Closed)
      session->closedEvent = true;
    onEvent(event);
  });
  // zkCli does not wait here, but its next command does; waiting now keeps the SyncConnected
  // event with the command that caused it.
  await([session] { return session->syncConnectedEvents > 0; }, "the session to be established");
}

void ZkShell::closeSession() {
  Session* session = session_.get();
  bool closed = false;
  session->client->close([&closed](ErrorCode) { closed = true; });
  // ZooKeeper.close() returns once the server ended the session; the Closed event follows.
  await([&] { return closed && session->closedEvent; }, "close");
}

bool ZkShell::await(const std::function<bool()>& done, const char* what) {
  if (driver_(done)) return true;
  printErr(std::string("lockscope shell: gave up waiting for ") + what);
  exitCode_ = 1;
  return false;
}

void ZkShell::onEvent(const WatchedEvent& event) {
  if (!printWatches_) return;
  // ZooKeeperMain.printMessage: System.out.println("\n" + msg), once per line.
  printOut("");
  printOut("WATCHER::");
  printOut("");
  printOut(watchedEventText(event));
  out_.flush();
}

void ZkShell::history() {
  for (int i = commandCount_ - 10; i <= commandCount_; ++i) {
    if (i < 0) continue;
    const auto found = history_.find(i);
    printOut(std::to_string(i) + " - " + (found == history_.end() ? "null" : found->second));
  }
}

void ZkShell::redo(const Words& words) {
  long long index = 0;
  if (!decodeInteger(words[1], index)) {
    // zkCli dies of an uncaught NumberFormatException here; the shell stays up.
    fail("java.lang.NumberFormatException: For input string: \"" + words[1] + "\"");
    return;
  }
  if (commandCount_ <= index || index < 0) return fail("Command index out of range");
  const std::string line = history_[static_cast<int>(index)];
  Words redone = tokenizeCommandLine(line);
  if (redone.empty()) redone = lastWords_;
  lastWords_ = redone;
  if (!redone.empty() && redone[0] == "redo") return fail("No redoing redos");
  history_[commandCount_] = line;
  if (!redone.empty()) processCommand(redone);
}

void ZkShell::printWatches(const Words& words) {
  if (words.size() == 1) {
    printOut(std::string("printwatches is ") + (printWatches_ ? "on" : "off"));
  } else {
    printWatches_ = words[1] == "on";
  }
}

void ZkShell::fail(const std::string& message, int exitCode) {
  printErr(message);
  exitCode_ = exitCode;
}

void ZkShell::printOut(const std::string& line) { out_ << line << '\n'; }

void ZkShell::printErr(const std::string& line) {
  // stdout first: zkCli's streams flush at every line, so their order on a terminal is the order
  // of the calls.
  out_.flush();
  err_ << line << '\n';
  err_.flush();
}

}  // namespace lockscope::cli
