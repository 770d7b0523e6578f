// zkCli's addWatch and removewatches (AddWatchCommand, RemoveWatchesCommand): persistent watches
// and taking watches away, with their option parsing, checks and messages.
#include <algorithm>
#include <cctype>

#include "zk_shell.h"
#include "zk_shell_format.h"
#include "zk_shell_paths.h"

namespace lockscope::cli {

using zookeeper::AddWatchMode;
using zookeeper::ErrorCode;
using zookeeper::WatcherType;

void ZkShell::addWatch(const Words& words) {
  static const std::vector<OptionSpec> kOptions = {{'m', true}};
  static const std::string kUsage =
      "addWatch [-m mode] path # optional mode is one of [PERSISTENT, PERSISTENT_RECURSIVE] - "
      "default is PERSISTENT_RECURSIVE";
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() != 2) return fail(kUsage);
  if (parsed.has('m')) {
    // AddWatchMode.valueOf(value.toUpperCase()), into a field of the one AddWatchCommand zkCli
    // keeps: the mode stays for every later addWatch without -m (observed on 3.8.0).
    std::string mode = parsed.values.at('m');
    std::transform(mode.begin(), mode.end(), mode.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    if (mode == "PERSISTENT") addWatchMode_ = AddWatchMode::Persistent;
    else if (mode == "PERSISTENT_RECURSIVE") addWatchMode_ = AddWatchMode::PersistentRecursive;
    else return fail(kUsage);
  }
  const std::string path = parsed.args[1];
  // ZooKeeper.addWatch's path check is not caught: zkCli dies of it. The shell carries on.
  if (auto problem = pathProblem(path, false))
    return fail("Exception in thread \"main\" java.lang.IllegalArgumentException: " + *problem);
  const auto rc = answer(zk().addWatch(path, addWatchMode_), "addWatch");
  if (rc && *rc != ErrorCode::Ok) fail(keeperErrorText(*rc, path));
}

void ZkShell::removeWatches(const Words& words) {
  static const std::vector<OptionSpec> kOptions = {
      {'c', false}, {'d', false}, {'a', false}, {'l', false}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() < 2) return fail("removewatches path [-c|-d|-a] [-l]");
  const std::string path = parsed.args[1];
  if (!validPath(path)) return;
  // -c wins over -d, -d over -a; none is -a.
  WatcherType type = WatcherType::Any;
  if (parsed.has('c')) type = WatcherType::Children;
  else if (parsed.has('d')) type = WatcherType::Data;
  const auto rc = answer(zk().removeWatches(path, type, parsed.has('l')), "removewatches");
  if (rc && *rc != ErrorCode::Ok) fail(keeperErrorText(*rc, path));
}

}  // namespace lockscope::cli
