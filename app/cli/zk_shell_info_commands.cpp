// The read-only commands of zkCli 3.8 that show what the server knows about a node or the
// session: whoami, version, config, getAllChildrenNumber, getEphemerals and getAcl
// (org.apache.zookeeper.cli.*Command), with their checks and messages in zkCli's order.
#include "zk_shell.h"
#include "zk_shell_client_config.h"
#include "zk_shell_format.h"

namespace lockscope::cli {

using zookeeper::ErrorCode;

namespace {

// Version.getFullVersion() of the zkCli this shell follows: Debian 12's zookeeper package
// (3.8.0-11+deb12u2), whose build leaves Maven's commit id placeholder unexpanded. A shell has no
// zkCli of its own to ask, so the model and `--live` both print this one (docs/zkcli-format.md).
constexpr const char* kZkCliVersion = "3.8.0-${mvngit.commit.id}, built on 2024-12-29 17:54 UTC";

// ZooDefs.CONFIG_NODE: where getConfig reads the ensemble's dynamic configuration.
constexpr const char* kConfigNode = "/zookeeper/config";

std::string joinPaths(const std::vector<std::string>& paths) {
  std::string text;
  for (const std::string& path : paths) text += (text.empty() ? "" : ", ") + path;
  return "[" + text + "]";
}

}  // namespace

// WhoAmICommand.parse looks at none of its words: `whoami -x` and `whoami a b` answer as well.
void ZkShell::whoAmI(const Words&) {
  const auto outcome = answer(zk().whoAmI(), "whoami");
  if (!outcome) return;
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, ""));
  printOut("Auth scheme: User");
  for (const auto& identity : outcome->identities) printOut(identity.scheme + ": " + identity.user);
}

void ZkShell::version(const Words& words) {
  ParsedOptions parsed;
  if (!parse(words, {}, parsed)) return;
  // VersionCommand.parse: any argument is a usage error; its usage has no options, only the
  // space before them.
  if (parsed.args.size() > 1) return fail("version ");
  printOut(std::string("ZooKeeper CLI version: ") + kZkCliVersion);
}

void ZkShell::config(const Words& words) {
  static const std::vector<OptionSpec> kOptions = {{'c', false}, {'w', false}, {'s', false}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  // ZooKeeper.getConfig is getData on the config node: the same watch, the same Stat.
  const auto outcome = answer(zk().getData(kConfigNode, parsed.has('w')), "config");
  if (!outcome) return;
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, kConfigNode));
  printOut(parsed.has('c') ? clientConfigText(outcome->data) : outcome->data);
  if (parsed.has('s')) printStat(outcome->stat);
}

void ZkShell::getAllChildrenNumber(const Words& words) {
  ParsedOptions parsed;
  if (!parse(words, {}, parsed)) return;
  if (parsed.args.size() < 2) return fail("getAllChildrenNumber path");
  const std::string path = parsed.args[1];
  if (!validPath(path)) return;
  const auto outcome = answer(zk().getAllChildrenNumber(path), "getAllChildrenNumber");
  if (!outcome) return;
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, path));
  printOut(std::to_string(outcome->count));
}

void ZkShell::getEphemerals(const Words& words) {
  ParsedOptions parsed;
  if (!parse(words, {}, parsed)) return;
  // Without a path, ZooKeeper.getEphemerals() asks for "/": every ephemeral of the session.
  const std::string path = parsed.args.size() < 2 ? "/" : parsed.args[1];
  if (!validPath(path)) return;
  const auto outcome = answer(zk().getEphemerals(path), "getEphemerals");
  if (!outcome) return;
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, path));
  printOut(joinPaths(outcome->paths));
}

void ZkShell::getAcl(const Words& words) {
  static const std::vector<OptionSpec> kOptions = {{'s', false}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() < 2) return fail("getAcl [-s] path");
  const std::string path = parsed.args[1];
  if (!validPath(path)) return;
  const auto outcome = answer(zk().getAcl(path), "getAcl");
  if (!outcome) return;
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, path));
  for (const zookeeper::Acl& entry : outcome->acl)
    for (const std::string& line : aclLines(entry)) printOut(line);
  if (parsed.has('s')) printStat(outcome->stat);
}

}  // namespace lockscope::cli
