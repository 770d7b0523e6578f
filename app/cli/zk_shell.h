// A zkCli.sh-compatible shell over the asynchronous ZooKeeper client API.
//
// It prints what zkCli.sh of ZooKeeper 3.8 prints for the same input, on the same streams
// (docs/zkcli-format.md is the reference): command output and watch events on `out`, "Created
// ..." and every error on `err`. It never sees whether the client is the model or a live server:
// it gets clients from a factory and lets the world run through a driver while it waits.
#pragma once

#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "backends/api/zookeeper_client.h"
#include "sim/recipes/awaitable_zookeeper.h"
#include "zk_shell_options.h"
#include "zk_shell_stats_track.h"

namespace lockscope::cli {

class ZkShell {
 public:
  // A new session to `host` (the argument of `connect`; the model ignores it).
  using ClientFactory =
      std::function<std::unique_ptr<zookeeper::ZooKeeperClient>(const std::string& host)>;
  // Runs the world until done() holds or the driver's own bound passes; returns done().
  using Driver = std::function<bool(const std::function<bool()>& done)>;

  ZkShell(ClientFactory factory, Driver driver, std::ostream& out, std::ostream& err);
  ~ZkShell();
  ZkShell(const ZkShell&) = delete;
  ZkShell& operator=(const ZkShell&) = delete;

  // What zkCli does at start-up: the banner, then a session to `host`.
  void start(const std::string& host);
  // Executes lines from `in` until its end or `quit`. Returns zkCli's exit code: that of the last
  // command (0 success, 1 failure, 127 unknown command).
  int run(std::istream& in);
  // One line as read: narration echoed, anything else executed.
  void runLine(std::string line);
  // Executes one line (ZooKeeperMain.executeLine). False once `quit` ran.
  bool executeLine(const std::string& line);
  // zkCli's interactive prompt before the next command, "[zk: model:2181(CONNECTED) 3] ": it
  // prints none when reading a pipe, so only an interactive front end (the GUI console) shows it.
  std::string prompt() const;
  // True once `quit` ran: the shell takes no more lines.
  bool quit() const { return quit_; }

 private:
  struct Session;
  using Words = std::vector<std::string>;

  // ZooKeeperMain.processCmd / processZKCmd.
  void processCommand(const Words& words);
  void processBuiltin(const Words& words);
  void runNodeCommand(const Words& words);

  // Sessions (zk_shell.cpp).
  zookeeper::ZooKeeperClient& client();
  bool alive() const;
  void connectTo(const std::string& host);
  void closeSession();
  bool await(const std::function<bool()>& done, const char* what);
  void onEvent(const zookeeper::WatchedEvent& event);

  // Built-in commands of ZooKeeperMain.
  void history();
  void redo(const Words& words);
  void printWatches(const Words& words);

  // Node commands (zk_shell_node_commands.cpp); each gets the words of its line.
  void ls(Words words);
  void create(const Words& words);
  void get(Words words);
  void set(const Words& words);
  void stat(Words words);
  void remove(const Words& words);
  void deleteAll(const Words& words);
  void sync(const Words& words);
  void close(const Words& words);

  // Read-only commands about the session and the server (zk_shell_info_commands.cpp).
  void whoAmI(const Words&);
  void version(const Words& words);
  void config(const Words& words);
  void getAllChildrenNumber(const Words& words);
  void getEphemerals(const Words& words);
  void getAcl(const Words& words);

  // Access control (zk_shell_acl_commands.cpp).
  void setAcl(const Words& words);
  void addAuth(const Words& words);
  // AclParser.parse of a command's ACL argument, its complaints printed on `err`.
  std::vector<zookeeper::Acl> parseAclArgument(const std::string& text);

  // Quotas, built from reads and writes of /zookeeper/quota (zk_shell_quota_commands.cpp).
  void setQuota(const Words& words);
  void listQuota(const Words& words);
  void delQuota(const Words& words);
  // SetQuotaCommand.createQuota once the arguments are checked; false when it failed (reported).
  bool createQuota(const std::string& path, const StatsTrack& quota);
  // checkIfChildQuota / checkIfParentQuota: the first quota below or above `path` in zkCli's
  // search order; nullopt when there is none, or when a step failed (reported, `failed` set).
  std::optional<std::string> childWithQuota(const std::string& path, bool& failed);
  std::optional<std::string> parentWithQuota(const std::string& path, bool& failed);
  // DelQuotaCommand.trimProcQuotas; on a server error, `quotaNode` is the node it failed on.
  bool trimQuotaTree(std::string& quotaNode, zookeeper::ErrorCode& rc);
  // getData of a limits or stats node, read as a StatsTrack. nullopt when that failed: with the
  // server's code in `rc` for the caller to report, or with `rc` Ok when already reported.
  std::optional<StatsTrack> readStatsTrack(const std::string& node, zookeeper::ErrorCode& rc);

  // Persistent watches and watch removal (zk_shell_watch_commands.cpp).
  void addWatch(const Words& words);
  void removeWatches(const Words& words);

  // Helpers for the node commands.
  bool parse(const Words& words, const std::vector<OptionSpec>& options, ParsedOptions& parsed,
             const OptionGroupSpec* group = nullptr);
  bool validPath(const std::string& path, bool sequential = false);
  bool parseVersion(const ParsedOptions& parsed, int32_t& version);
  // The answer to one call of the session's client, made as the recipes make it
  // (recipes::AwaitableZooKeeper), waited for as zkCli waits; nullopt when the wait gave up.
  template <typename Result>
  std::optional<Result> answer(coro::CallbackAwaiter<Result> call, const char* what) {
    // The callback owns the slot: if the wait gives up, a late reply still has somewhere to go.
    auto slot = std::make_shared<std::optional<Result>>();
    call.startDetached([slot](Result result) { *slot = std::move(result); });
    if (!await([slot] { return slot->has_value(); }, what)) return std::nullopt;
    return std::move(*slot);
  }
  recipes::AwaitableZooKeeper zk() { return recipes::AwaitableZooKeeper(client(), life_); }
  void listRecursively(const std::string& path, bool watch);
  // ZKUtil.visitSubTreeDFS; `visit` returns false to stop the walk there (as a callback's
  // exception does). False when the walk stopped so or on a failure (already reported).
  bool visitSubtree(const std::string& path, bool watch, const char* what,
                    const std::function<bool(const std::string&)>& visit);
  bool listSubtree(const std::string& path, std::vector<std::string>& paths);
  void printData(const std::string& path, const std::string& data, const zookeeper::Stat& stat);
  void printStat(const zookeeper::Stat& stat);
  void fail(const std::string& message, int exitCode = 1);
  void printOut(const std::string& line);
  void printErr(const std::string& line);

  coro::Lifetime life_ = coro::makeLifetime();  // the shell's: replies after it are dropped
  ClientFactory factory_;
  Driver driver_;
  std::ostream& out_;
  std::ostream& err_;

  std::string host_;
  std::unique_ptr<Session> session_;
  // Closed sessions stay alive until the shell ends: the world may still deliver to them.
  std::vector<std::unique_ptr<Session>> retired_;
  bool printWatches_ = true;
  // zkCli's addWatch keeps the last -m it was given (a field of its one AddWatchCommand).
  zookeeper::AddWatchMode addWatchMode_ = zookeeper::AddWatchMode::PersistentRecursive;
  bool quit_ = false;
  int exitCode_ = 0;
  int commandCount_ = 0;
  std::map<int, std::string> history_;
  Words lastWords_;  // zkCli re-runs the last command for a line that holds no words
  // Nodes this shell created without data, which the server stores as null (zkCli prints "null").
  // The client API carries no null/empty distinction, so the shell remembers its own creates.
  std::set<std::string> createdWithoutData_;
};

}  // namespace lockscope::cli
