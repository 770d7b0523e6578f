// The quota commands of zkCli 3.8 (SetQuotaCommand, ListQuotaCommand, DelQuotaCommand). The
// server has no quota request: zkCli builds each command from plain reads and writes of
// /zookeeper/quota/<path>/zookeeper_limits and .../zookeeper_stats, and the server's bookkeeping
// (backends/model/zookeeper/data_tree_quota.cpp on the model) does the rest. So the shell makes
// the same calls in the same order: the zxids they take, the nodes they leave and the messages
// they print are zkCli's on the model and over --live alike.
#include <ostream>

#include "zk_shell.h"
#include "zk_shell_format.h"
#include "zk_shell_java_numbers.h"
#include "zk_shell_paths.h"

namespace lockscope::cli {

using zookeeper::CreateMode;
using zookeeper::ErrorCode;

namespace {

// Quotas.quotaZookeeper, Quotas.limitNode, Quotas.statNode.
const std::string kQuotaRoot = "/zookeeper/quota";
const std::string kLimitsName = "zookeeper_limits";
const std::string kStatsName = "zookeeper_stats";

std::string quotaPathOf(const std::string& path) { return kQuotaRoot + path; }
std::string limitsPathOf(const std::string& path) { return quotaPathOf(path) + "/" + kLimitsName; }
std::string statsPathOf(const std::string& path) { return quotaPathOf(path) + "/" + kStatsName; }

// Quotas.trimQuotaPath.
std::string trimQuotaPath(const std::string& quotaPath) {
  return quotaPath.substr(kQuotaRoot.size());
}

// path.split("/") past its leading empty piece: the names of a valid path, in order.
std::vector<std::string> namesOf(const std::string& path) {
  std::vector<std::string> names;
  size_t start = 1;
  while (start < path.size()) {
    const size_t slash = path.find('/', start);
    names.push_back(path.substr(start, slash == std::string::npos ? slash : slash - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return names;
}

// setquota's and delquota's options: one group of the four limits, with a value for setquota.
std::vector<OptionSpec> limitOptions(bool takesValue) {
  return {{'n', takesValue}, {'b', takesValue}, {'N', takesValue}, {'B', takesValue}};
}

OptionGroupSpec limitGroup(bool required) {
  return {.members = {{'n', "num soft quota"},
                      {'b', "bytes soft quota"},
                      {'N', "num hard quota"},
                      {'B', "bytes hard quota"}},
          .required = required};
}

bool hasLimitsChild(const zookeeper::Children& children) {
  if (!children) return false;
  for (const std::string& name : children->names())
    if (name == kLimitsName) return true;
  return false;
}

}  // namespace

// --- shared reads --------------------------------------------------------------------------

std::optional<StatsTrack> ZkShell::readStatsTrack(const std::string& node, ErrorCode& rc) {
  rc = ErrorCode::Ok;
  const auto outcome = answer(zk().getData(node, false), "a quota node");
  if (!outcome) return std::nullopt;
  if (outcome->rc != ErrorCode::Ok) {
    rc = outcome->rc;
    return std::nullopt;
  }
  std::string error;
  auto track = StatsTrack::parse(outcome->data, error);
  // Deliberate difference: zkCli dies of this uncaught exception; the shell reports it and
  // stays up (docs/zkcli-format.md).
  if (!track) fail(error);
  return track;
}

// --- setquota ------------------------------------------------------------------------------

void ZkShell::setQuota(const Words& words) {
  static const std::vector<OptionSpec> kOptions = limitOptions(/*takesValue=*/true);
  static const OptionGroupSpec kGroup = limitGroup(/*required=*/true);
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed, &kGroup)) return;
  if (parsed.args.size() < 2) return fail("setquota -n|-b|-N|-B val path");
  const std::string path = parsed.args[1];
  // A plain prefix test, as zkCli's: /zookeeper/quotas is refused too, /zookeeper is not.
  if (path.starts_with(kQuotaRoot))
    return printErr("cannot set a quota under the path: " + kQuotaRoot);

  // checkOptionValue; the group lets exactly one of the four through.
  StatsTrack quota;
  quota.setCount(-1);
  quota.setBytes(-1);
  quota.setCountHardLimit(-1);
  quota.setByteHardLimit(-1);
  const char option = *parsed.given.begin();
  const std::string& text = parsed.values.at(option);
  const bool isCount = option == 'n' || option == 'N';
  int64_t value = 0;
  int32_t count = 0;
  if (isCount ? !parseJavaInt(text, count) : !parseJavaLong(text, value))
    return printErr("NumberFormatException happens when parsing the option value");
  if (isCount) value = count;
  if (isCount && value <= 0) return printErr("the num quota must be greater than zero");
  if (!isCount && value < 0)
    return printErr("the bytes quota must be greater than or equal to zero");
  if (option == 'n') quota.setCount(value);
  if (option == 'b') quota.setBytes(value);
  if (option == 'N') quota.setCountHardLimit(value);
  if (option == 'B') quota.setByteHardLimit(value);
  createQuota(path, quota);
}

// SetQuotaCommand.createQuota: the path must exist and have no quota above or below it; then the
// quota nodes' parents are made one by one (each a create of its own, without data), then the
// limits and stats nodes, or, when the limits node exists, its text is changed.
bool ZkShell::createQuota(const std::string& path, const StatsTrack& quota) {
  if (!validPath(path)) return false;
  const auto exists = answer(zk().exists(path, false), "setquota");
  if (!exists) return false;
  if (exists->rc != ErrorCode::Ok && exists->rc != ErrorCode::NoNode) {
    fail(keeperErrorText(exists->rc, path));
    return false;
  }
  if (exists->rc == ErrorCode::NoNode || !exists->stat) {
    fail(path + " does not exist.");
    return false;
  }
  bool failed = false;
  if (const auto child = childWithQuota(path, failed)) {
    fail(path + " has a child " + *child + " which has a quota");
    return false;
  }
  if (failed) return false;
  if (const auto parent = parentWithQuota(path, failed)) {
    fail(path + " has a parent " + *parent + " which has a quota");
    return false;
  }
  if (failed) return false;

  // Each name of the path below the quota root, as a node of its own. (zkCli first makes
  // /zookeeper and /zookeeper/quota if the root is missing, but no server lets a client delete
  // them: `delete /zookeeper/quota` is BadArguments, on the model too.) Existing nodes are left
  // alone; a create that loses a race to another client is fine.
  const auto ensureNode = [this](const std::string& node) {
    const auto found = answer(zk().exists(node, false), "setquota");
    if (!found) return false;
    if (found->rc == ErrorCode::Ok && found->stat) return true;
    const auto created = answer(zk().create(node, "", CreateMode::Persistent), "setquota");
    if (!created) return false;
    if (created->rc == ErrorCode::Ok) createdWithoutData_.insert(node);  // zkCli sends null
    if (created->rc == ErrorCode::Ok || created->rc == ErrorCode::NodeExists) return true;
    fail(keeperErrorText(created->rc, node));
    return false;
  };
  std::string quotaNode = kQuotaRoot;
  for (const std::string& name : namesOf(path)) {
    quotaNode += "/" + name;
    if (!ensureNode(quotaNode)) return false;
  }

  const std::string limitsNode = limitsPathOf(path);
  const std::string statsNode = statsPathOf(path);
  const auto limitsStat = answer(zk().exists(limitsNode, false), "setquota");
  if (!limitsStat) return false;
  const bool newQuota = limitsStat->rc != ErrorCode::Ok || !limitsStat->stat;
  ErrorCode rc = ErrorCode::Ok;
  std::optional<StatsTrack> limits;
  if (newQuota) {
    StatsTrack empty;
    empty.setCount(0);
    empty.setBytes(0);
    for (const auto& [node, text] :
         {std::pair{limitsNode, quota.text()}, std::pair{statsNode, empty.text()}}) {
      const auto created = answer(zk().create(node, text, CreateMode::Persistent), "setquota");
      if (!created) return false;
      if (created->rc != ErrorCode::Ok) {
        fail(keeperErrorText(created->rc, node));
        return false;
      }
      createdWithoutData_.erase(node);
    }
    limits = readStatsTrack(limitsNode, rc);
  } else {
    // Only the limit given changes; the others keep what the node says.
    limits = readStatsTrack(limitsNode, rc);
    if (limits && quota.count() > -1) limits->setCount(quota.count());
    if (limits && quota.bytes() > -1) limits->setBytes(quota.bytes());
    if (limits && quota.countHardLimit() > -1) limits->setCountHardLimit(quota.countHardLimit());
    if (limits && quota.byteHardLimit() > -1) limits->setByteHardLimit(quota.byteHardLimit());
  }
  if (!limits) {
    if (rc != ErrorCode::Ok) fail(keeperErrorText(rc, limitsNode));
    return false;
  }
  const auto stats = readStatsTrack(statsNode, rc);
  if (!stats) {
    if (rc != ErrorCode::Ok) fail(keeperErrorText(rc, statsNode));
    return false;
  }
  // checkQuota: a warning, on stdout, when a limit is already below what the stats node counts.
  const auto below = [](int64_t limit, int64_t used) { return limit > -1 && limit < used; };
  if (below(limits->count(), stats->count()) || below(limits->countHardLimit(), stats->count()))
    printOut("[Warning]: the count quota you create is less than the existing count:" +
             std::to_string(stats->count()));
  if (below(limits->bytes(), stats->bytes()) || below(limits->byteHardLimit(), stats->bytes()))
    printOut("[Warning]: the bytes quota you create is less than the existing bytes:" +
             std::to_string(stats->bytes()));
  if (newQuota) return true;
  const auto set = answer(zk().setData(limitsNode, limits->text(), -1), "setquota");
  if (!set) return false;
  if (set->rc != ErrorCode::Ok) {
    fail(keeperErrorText(set->rc, limitsNode));
    return false;
  }
  createdWithoutData_.erase(limitsNode);
  return true;
}

// checkIfChildQuota: ZKUtil.visitSubTreeDFS over the path's quota node (none: no child quota);
// for every node reached, its children are read again and a limits node among them is a quota
// (the path's own limits node aside).
std::optional<std::string> ZkShell::childWithQuota(const std::string& path, bool& failed) {
  const std::string quotaNode = quotaPathOf(path);
  if (!validPath(quotaNode)) {
    failed = true;
    return std::nullopt;
  }
  const auto root = answer(zk().exists(quotaNode, false), "setquota");
  if (!root) {
    failed = true;
    return std::nullopt;
  }
  if (root->rc == ErrorCode::NoNode || (root->rc == ErrorCode::Ok && !root->stat))
    return std::nullopt;
  std::optional<std::string> found;
  const bool walked = visitSubtree(quotaNode, false, "setquota", [&](const std::string& node) {
    const auto outcome = answer(zk().getChildren(node, false), "setquota");
    // zkCli skips a node it cannot list (a stack trace aside, for errors other than NoNode).
    if (!outcome || outcome->rc != ErrorCode::Ok) return true;
    if (node != quotaNode && hasLimitsChild(outcome->children)) found = trimQuotaPath(node);
    return !found;
  });
  if (!walked && !found) failed = true;
  return found;
}

// checkIfParentQuota: each ancestor's quota node from the top; the search ends at the first
// that is missing or has no children.
std::optional<std::string> ZkShell::parentWithQuota(const std::string& path, bool& failed) {
  const std::vector<std::string> names = namesOf(path);
  std::string quotaNode = kQuotaRoot;
  for (size_t i = 0; i + 1 < names.size(); ++i) {
    quotaNode += "/" + names[i];
    const auto outcome = answer(zk().getChildren(quotaNode, false), "setquota");
    if (!outcome) {
      failed = true;
      return std::nullopt;
    }
    if (outcome->rc == ErrorCode::NoNode) return std::nullopt;
    if (outcome->rc != ErrorCode::Ok) {
      fail(keeperErrorText(outcome->rc, quotaNode));
      failed = true;
      return std::nullopt;
    }
    if (!outcome->children || outcome->children->names().empty()) return std::nullopt;
    if (hasLimitsChild(outcome->children)) return trimQuotaPath(quotaNode);
  }
  return std::nullopt;
}

// --- listquota -----------------------------------------------------------------------------

void ZkShell::listQuota(const Words& words) {
  ParsedOptions parsed;
  if (!parse(words, {}, parsed)) return;
  if (parsed.args.size() < 2) return fail("listquota path");
  const std::string path = parsed.args[1];
  const std::string limitsNode = limitsPathOf(path);
  // zkCli glues the argument to the quota root as it is: `listquota q` reads
  // /zookeeper/quotaq/zookeeper_limits.
  printErr("absolute path is " + limitsNode);
  if (!validPath(limitsNode)) return;
  ErrorCode rc = ErrorCode::Ok;
  std::optional<StatsTrack> tracks[2];
  const std::string nodes[2] = {limitsNode, statsPathOf(path)};
  for (int i = 0; i < 2; ++i) {
    tracks[i] = readStatsTrack(nodes[i], rc);
    if (rc == ErrorCode::NoNode) return printErr("quota for " + path + " does not exist.");
    if (rc != ErrorCode::Ok) return fail(keeperErrorText(rc, nodes[i]));
    if (!tracks[i]) return;
  }
  printOut("Output quota for " + path + " " + tracks[0]->text());
  printOut("Output stat for " + path + " " + tracks[1]->text());
}

// --- delquota ------------------------------------------------------------------------------

void ZkShell::delQuota(const Words& words) {
  static const std::vector<OptionSpec> kOptions = limitOptions(/*takesValue=*/false);
  static const OptionGroupSpec kGroup = limitGroup(/*required=*/false);
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed, &kGroup)) return;
  if (parsed.args.size() < 2) return fail("delquota [-n|-b|-N|-B] path");
  const std::string path = parsed.args[1];
  const std::string limitsNode = limitsPathOf(path);
  // What zkCli's exec makes of a KeeperException: NoNode is its own message.
  const auto keeperFailure = [&](ErrorCode rc, const std::string& node) {
    if (rc == ErrorCode::NoNode) return printErr("quota for " + path + " does not exist.");
    fail(keeperErrorText(rc, node));
  };
  if (!validPath(limitsNode)) return;
  const auto exists = answer(zk().exists(limitsNode, false), "delquota");
  if (!exists) return;
  if (exists->rc != ErrorCode::Ok && exists->rc != ErrorCode::NoNode)
    return keeperFailure(exists->rc, limitsNode);
  if (exists->rc == ErrorCode::NoNode || !exists->stat)
    return printOut("Quota does not exist for " + path);
  ErrorCode rc = ErrorCode::Ok;
  auto limits = readStatsTrack(limitsNode, rc);
  if (!limits) {
    if (rc != ErrorCode::Ok) keeperFailure(rc, limitsNode);
    return;
  }

  if (parsed.given.empty()) {
    // The whole quota: the quota node's children (in the server's order), then the quota node
    // and each ancestor left empty, up to the quota root.
    const std::string quotaNode = quotaPathOf(path);
    const auto children = answer(zk().getChildren(quotaNode, false), "delquota");
    if (!children) return;
    if (children->rc != ErrorCode::Ok) return keeperFailure(children->rc, quotaNode);
    if (children->children) {
      for (const std::string& name : children->children->names()) {
        const std::string child = quotaNode + "/" + name;
        const auto removed = answer(zk().remove(child, -1), "delquota");
        if (!removed) return;
        if (*removed != ErrorCode::Ok) return keeperFailure(*removed, child);
      }
    }
    rc = ErrorCode::Ok;
    std::string trimmed = quotaNode;
    if (!trimQuotaTree(trimmed, rc) && rc != ErrorCode::Ok) keeperFailure(rc, trimmed);
    return;
  }
  // Only the limits named: each becomes -1.
  if (parsed.has('n')) limits->setCount(-1);
  if (parsed.has('b')) limits->setBytes(-1);
  if (parsed.has('N')) limits->setCountHardLimit(-1);
  if (parsed.has('B')) limits->setByteHardLimit(-1);
  const auto set = answer(zk().setData(limitsNode, limits->text(), -1), "delquota");
  if (!set) return;
  if (set->rc != ErrorCode::Ok) return keeperFailure(set->rc, limitsNode);
  createdWithoutData_.erase(limitsNode);
}

// DelQuotaCommand.trimProcQuotas: deletes `quotaNode` while it has no children, then its parent,
// and so on up to (not including) the quota root.
bool ZkShell::trimQuotaTree(std::string& quotaNode, ErrorCode& rc) {
  while (quotaNode != kQuotaRoot && !quotaNode.empty()) {
    const auto children = answer(zk().getChildren(quotaNode, false), "delquota");
    if (!children) return false;
    if (children->rc != ErrorCode::Ok) {
      rc = children->rc;
      return false;
    }
    if (children->children && !children->children->names().empty()) return true;
    const auto removed = answer(zk().remove(quotaNode, -1), "delquota");
    if (!removed) return false;
    if (*removed != ErrorCode::Ok) {
      rc = *removed;
      return false;
    }
    quotaNode = quotaNode.substr(0, quotaNode.rfind('/'));
  }
  return true;
}

}  // namespace lockscope::cli
