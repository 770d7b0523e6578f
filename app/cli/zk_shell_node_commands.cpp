// The node commands of zkCli 3.8 (org.apache.zookeeper.cli.*Command): ls, create, get, set, stat,
// delete, deleteall, sync and close, with their option parsing, checks and messages in zkCli's
// order.
#include <algorithm>
#include <deque>
#include <ostream>

#include "zk_shell.h"
#include "zk_shell_format.h"
#include "zk_shell_java_numbers.h"
#include "zk_shell_paths.h"

namespace lockscope::cli {

using zookeeper::Children;
using zookeeper::CreateMode;
using zookeeper::ErrorCode;
using zookeeper::Stat;

namespace {

std::string childPath(const std::string& parent, const std::string& child) {
  return parent == "/" ? "/" + child : parent + "/" + child;
}

// The server refuses to delete these (BadArguments), so a multi containing one fails whole.

std::string join(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

}  // namespace

// --- helpers -------------------------------------------------------------------------------

bool ZkShell::parse(const Words& words, const std::vector<OptionSpec>& options,
                    ParsedOptions& parsed, const OptionGroupSpec* group) {
  if (auto error = parseOptions(words, options, parsed, group)) {
    fail(*error);
    return false;
  }
  return true;
}

bool ZkShell::validPath(const std::string& path, bool sequential) {
  if (auto problem = pathProblem(path, sequential)) {
    fail(*problem);
    return false;
  }
  return true;
}

bool ZkShell::parseVersion(const ParsedOptions& parsed, int32_t& version) {
  version = -1;
  if (!parsed.has('v')) return true;
  const std::string& text = parsed.values.at('v');
  if (parseJavaInt(text, version)) return true;
  // zkCli dies of an uncaught NumberFormatException here; the shell stays up.
  fail("java.lang.NumberFormatException: For input string: \"" + text + "\"");
  return false;
}

void ZkShell::printStat(const Stat& stat) {
  for (const std::string& line : statLines(stat)) printOut(line);
}

void ZkShell::printData(const std::string& path, const std::string& data, const Stat& stat) {
  const bool isNull = data.empty() && stat.version == 0 && createdWithoutData_.count(path) > 0;
  printOut(isNull ? "null" : data);
}

// --- commands ------------------------------------------------------------------------------

void ZkShell::ls(Words words) {
  static const std::vector<OptionSpec> kOptions = {
      {'?', false}, {'s', false}, {'w', false}, {'R', false}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.has('?')) {
    for (const char* line :
         {"usage: ls [options] path", " -?   help", " -R   recurse", " -s   stat", " -w   watch"})
      printOut(line);
  }
  if (parsed.args.size() > 2) {
    // LsCommand.retainCompatibility rewrites the third word (whatever it is) into -w.
    words[2] = "-w";
    printErr("'ls path [watch]' has been deprecated. Please use 'ls [-w] path' instead.");
    if (!parse(words, kOptions, parsed)) return;
  }
  if (parsed.args.size() < 2) return fail("ls [-s] [-w] [-R] path");
  const std::string path = parsed.args[1];
  const bool watch = parsed.has('w');
  if (!validPath(path)) return;
  if (parsed.has('R')) return listRecursively(path, watch);
  const auto outcome = answer(zk().getChildren(path, watch), "ls");
  if (!outcome) return;
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, path));
  std::vector<std::string> names;
  if (outcome->children) names = outcome->children->names();
  std::sort(names.begin(), names.end());
  printOut("[" + join(names) + "]");
  if (parsed.has('s')) printStat(outcome->stat);
}

void ZkShell::create(const Words& words) {
  static const std::vector<OptionSpec> kOptions = {
      {'e', false}, {'s', false}, {'c', false}, {'t', true}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() < 2) return fail("create [-s] [-e] [-c] [-t ttl] path [data] [acl]");
  const bool ephemeral = parsed.has('e');
  const bool sequential = parsed.has('s');
  const bool container = parsed.has('c');
  const bool ttl = parsed.has('t');
  if (container && (ephemeral || sequential))
    return fail(
        "-c cannot be combined with -s or -e. Containers cannot be ephemeral or "
        "sequential.");
  // CreateCommand.exec's checks, in its order; none of them needs the server.
  int64_t ttlMs = -1;
  if (ttl && !parseJavaLong(parsed.values.at('t'), ttlMs))
    return fail("-t argument must be a long value");
  if (ttl && ephemeral) return fail("TTLs cannot be used with Ephemeral znodes");
  if (ttl && container) return fail("TTLs cannot be used with Container znodes");
  if (ttl && (ttlMs <= 0 || ttlMs > zookeeper::kMaxTtlMs))  // EphemeralType.TTL.toEphemeralOwner
    return fail("ttl must be positive and cannot be larger than: " +
                std::to_string(zookeeper::kMaxTtlMs));
  CreateMode mode = ttl ? CreateMode::PersistentWithTtl : CreateMode::Persistent;
  if (ephemeral && sequential) mode = CreateMode::EphemeralSequential;
  else if (ephemeral) mode = CreateMode::Ephemeral;
  else if (sequential)
    mode = ttl ? CreateMode::PersistentSequentialWithTtl : CreateMode::PersistentSequential;
  else if (container) mode = CreateMode::Container;

  const std::string path = parsed.args[1];
  const bool hasData = parsed.args.size() > 2;
  const std::string data = hasData ? parsed.args[2] : std::string();
  zookeeper::CreateOptions options{.ttlMs = ttlMs, .acl = {}};
  if (parsed.args.size() > 3) options.acl = parseAclArgument(parsed.args[3]);
  if (!validPath(path, sequential)) return;
  if (parsed.args.size() > 3 && options.acl.empty()) {
    // ZooKeeper.create refuses an empty ACL list before sending anything.
    printErr("KeeperErrorCode = InvalidACL");
    return fail("Acl is not valid : null");
  }
  const auto outcome = answer(zk().createWithOptions(path, data, mode, options), "create");
  if (!outcome) return;
  // CreateCommand prints an InvalidACLException's own message before the usual one.
  if (outcome->rc == ErrorCode::InvalidAcl) printErr(keeperExceptionMessage(outcome->rc, path));
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, path));
  if (hasData) createdWithoutData_.erase(outcome->path);
  else createdWithoutData_.insert(outcome->path);
  printErr("Created " + outcome->path);
}

void ZkShell::get(Words words) {
  static const std::vector<OptionSpec> kOptions = {{'s', false}, {'w', false}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() < 2) return fail("get [-s] [-w] path");
  if (parsed.args.size() > 2) {
    words[2] = "-w";
    printErr("'get path [watch]' has been deprecated. Please use 'get [-s] [-w] path' instead.");
    if (!parse(words, kOptions, parsed)) return;
  }
  const std::string path = parsed.args.size() > 1 ? parsed.args[1] : std::string();
  if (!validPath(path)) return;
  const auto outcome = answer(zk().getData(path, parsed.has('w')), "get");
  if (!outcome) return;
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, path));
  printData(path, outcome->data, outcome->stat);
  if (parsed.has('s')) printStat(outcome->stat);
}

void ZkShell::set(const Words& words) {
  static const std::vector<OptionSpec> kOptions = {{'s', false}, {'v', true}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() < 3) return fail("set [-s] [-v version] path data");
  const std::string path = parsed.args[1];
  const std::string data = parsed.args[2];
  int32_t version = -1;
  if (!parseVersion(parsed, version) || !validPath(path)) return;
  const auto outcome = answer(zk().setData(path, data, version), "set");
  if (!outcome) return;
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, path));
  createdWithoutData_.erase(path);
  if (parsed.has('s') && outcome->stat) printStat(*outcome->stat);
}

void ZkShell::stat(Words words) {
  static const std::vector<OptionSpec> kOptions = {{'w', false}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() < 2) return fail("stat [-w] path");
  if (parsed.args.size() > 2) {
    words[2] = "-w";
    printErr("'stat path [watch]' has been deprecated. Please use 'stat [-w] path' instead.");
    if (!parse(words, kOptions, parsed)) return;
  }
  const std::string path = parsed.args.size() > 1 ? parsed.args[1] : std::string();
  if (!validPath(path)) return;
  const auto outcome = answer(zk().exists(path, parsed.has('w')), "stat");
  if (!outcome) return;
  if (outcome->rc == ErrorCode::Ok && outcome->stat) return printStat(*outcome->stat);
  fail(keeperErrorText(outcome->rc == ErrorCode::Ok ? ErrorCode::NoNode : outcome->rc, path));
}

void ZkShell::remove(const Words& words) {
  static const std::vector<OptionSpec> kOptions = {{'v', true}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() < 2) return fail("delete [-v version] path");
  if (parsed.args.size() > 2) {
    // The old `delete path version` form: zkCli warns, then ignores the version.
    printErr(
        "'delete path [version]' has been deprecated. Please use 'delete [-v version] path' "
        "instead.");
  }
  const std::string path = parsed.args[1];
  int32_t version = -1;
  if (!parseVersion(parsed, version) || !validPath(path)) return;
  const auto rc = answer(zk().remove(path, version), "delete");
  if (rc && *rc != ErrorCode::Ok) fail(keeperErrorText(*rc, path));
}

void ZkShell::sync(const Words& words) {
  ParsedOptions parsed;
  if (!parse(words, {}, parsed)) return;
  if (parsed.args.size() < 2) return fail("sync path");
  const std::string path = parsed.args[1];
  if (!validPath(path)) return;
  const auto rc = answer(zk().sync(path), "sync");
  if (!rc) return;
  if (*rc == ErrorCode::Ok) return printOut("Sync is OK");
  printOut("Sync has failed. rc=" + std::to_string(static_cast<int>(*rc)));
}

void ZkShell::close(const Words&) { closeSession(); }

// --- ls -R and deleteall -------------------------------------------------------------------

// ZKUtil.visitSubTreeDFS: getData on the root (so a missing root is an error, and -w arms a data
// watch on it), then for every node its sorted children's paths, then each child's subtree.
void ZkShell::listRecursively(const std::string& path, bool watch) {
  visitSubtree(path, watch, "ls -R", [this](const std::string& node) {
    printOut(node);
    return true;
  });
}

// ZKUtil.visitSubTreeDFS: getData on the root (its failure is the command's), the root, then
// for each node its children's paths (sorted) before any child's own subtree.
bool ZkShell::visitSubtree(const std::string& path, bool watch, const char* what,
                           const std::function<bool(const std::string&)>& visit) {
  const auto root = answer(zk().getData(path, watch), what);
  if (!root) return false;
  if (root->rc != ErrorCode::Ok) {
    fail(keeperErrorText(root->rc, path));
    return false;
  }
  if (!visit(path)) return false;
  std::function<bool(const std::string&)> descend = [&](const std::string& node) {
    const auto outcome = answer(zk().getChildren(node, watch), what);
    if (!outcome) return false;
    if (outcome->rc == ErrorCode::NoNode) return true;  // gone meanwhile: zkCli skips it
    if (outcome->rc != ErrorCode::Ok) {
      fail(keeperErrorText(outcome->rc, node));
      return false;
    }
    std::vector<std::string> names;
    if (outcome->children) names = outcome->children->names();
    std::sort(names.begin(), names.end());
    for (const std::string& name : names)
      if (!visit(childPath(node, name))) return false;
    for (const std::string& name : names)
      if (!descend(childPath(node, name))) return false;
    return true;
  };
  return descend(path);
}

// ZKUtil.listSubTreeBFS: the subtree breadth first, children in the server's order.
bool ZkShell::listSubtree(const std::string& root, std::vector<std::string>& paths) {
  std::deque<std::string> queue{root};
  paths.push_back(root);
  while (!queue.empty()) {
    const std::string node = queue.front();
    queue.pop_front();
    const auto outcome = answer(zk().getChildren(node, false), "deleteall");
    if (!outcome) return false;
    if (outcome->rc != ErrorCode::Ok) {
      fail(keeperErrorText(outcome->rc, node));
      return false;
    }
    if (!outcome->children) continue;
    for (const std::string& name : outcome->children->names()) {
      queue.push_back(childPath(node, name));
      paths.push_back(queue.back());
    }
  }
  return true;
}

// ZKUtil.deleteRecursive: deepest nodes first, in batches that zkCli sends as one multi
// transaction each. The client API has no multi, so each node is its own delete here (and its
// own zxid, where the real server uses one per batch); a batch holding a node the server refuses
// to delete fails whole, as the multi would.
void ZkShell::deleteAll(const Words& words) {
  static const std::vector<OptionSpec> kOptions = {{'b', true}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() < 2) return fail(words[0] + " path [-b batch size]");
  if (words[0] == "rmr")
    printErr("The command 'rmr' has been deprecated. Please use 'deleteall' instead.");
  int32_t batchSize = 1000;
  if (parsed.has('b') && !parseJavaInt(parsed.values.at('b'), batchSize))
    return fail("-b argument must be an int value");
  const std::string path = parsed.args[1];
  if (!validPath(path)) return;
  std::vector<std::string> paths;
  if (!listSubtree(path, paths)) return;
  std::reverse(paths.begin(), paths.end());
  const size_t batch = batchSize > 0 ? static_cast<size_t>(batchSize) : paths.size();
  // As ZKUtil.deleteRecursive: deepest first, each batch one multi transaction (one zxid, all or
  // nothing), so zxids come out as on the real server.
  bool allDeleted = true;
  for (size_t start = 0; start < paths.size(); start += batch) {
    const std::vector<std::string> batchPaths(
        paths.begin() + static_cast<long>(start),
        paths.begin() + static_cast<long>(std::min(paths.size(), start + batch)));
    const auto rc = answer(zk().removeAll(batchPaths), "deleteall");
    if (!rc || *rc != ErrorCode::Ok) allDeleted = false;
  }
  if (!allDeleted) printErr("Failed to delete some node(s) in the subtree!");
}

}  // namespace lockscope::cli
