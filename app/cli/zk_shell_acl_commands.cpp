// zkCli 3.8's access-control commands: setAcl and addauth (SetAclCommand, AddAuthCommand), with
// their checks and messages in zkCli's order. getAcl is a read (zk_shell_info_commands.cpp);
// create's ACL argument goes through parseAclArgument too.
#include <ostream>

#include "zk_shell.h"
#include "zk_shell_acl.h"
#include "zk_shell_format.h"

namespace lockscope::cli {

using zookeeper::ErrorCode;

std::vector<zookeeper::Acl> ZkShell::parseAclArgument(const std::string& text) {
  std::vector<std::string> complaints;
  std::vector<zookeeper::Acl> acl = parseAcl(text, complaints);
  for (const std::string& complaint : complaints) printErr(complaint);  // AclParser's System.err
  return acl;
}

void ZkShell::setAcl(const Words& words) {
  static const std::vector<OptionSpec> kOptions = {{'s', false}, {'v', true}, {'R', false}};
  ParsedOptions parsed;
  if (!parse(words, kOptions, parsed)) return;
  if (parsed.args.size() < 3) return fail("setAcl [-s] [-v version] [-R] path acl");
  const std::string path = parsed.args[1];
  // SetAclCommand.exec: the ACL is parsed (its complaints printed) before the version.
  const std::vector<zookeeper::Acl> acl = parseAclArgument(parsed.args[2]);
  int32_t version = -1;
  if (!parseVersion(parsed, version)) return;
  if (!validPath(path)) return;
  // ZooKeeper.setACL refuses an empty list before sending it (validateACL): no path in the
  // exception, so "null".
  if (acl.empty()) return fail("Acl is not valid : null");
  if (parsed.has('R')) {
    // ZKUtil.visitSubTreeDFS over the subtree, setting each node's ACL as it is reached. A set
    // that fails is printed with out.print: KeeperException's message, no line break, on
    // stdout, and the walk goes on.
    visitSubtree(path, false, "setAcl -R", [&](const std::string& node) {
      const auto outcome = answer(zk().setAcl(node, acl, version), "setAcl -R");
      if (outcome && outcome->rc != ErrorCode::Ok)
        out_ << keeperExceptionMessage(outcome->rc, node);
      return true;
    });
    return;
  }
  const auto outcome = answer(zk().setAcl(path, acl, version), "setAcl");
  if (!outcome) return;
  if (outcome->rc != ErrorCode::Ok) return fail(keeperErrorText(outcome->rc, path));
  if (parsed.has('s') && outcome->stat) printStat(*outcome->stat);
}

void ZkShell::addAuth(const Words& words) {
  ParsedOptions parsed;
  if (!parse(words, {}, parsed)) return;
  if (parsed.args.size() < 2) return fail("addauth scheme auth");
  // ZooKeeper.addAuthInfo queues the auth packet and returns; the shell waits for its answer,
  // which comes before any later reply on the connection anyway. zkCli prints nothing either way.
  const std::string auth = parsed.args.size() > 2 ? parsed.args[2] : std::string();
  answer(zk().addAuth(parsed.args[1], auth), "addauth");
}

}  // namespace lockscope::cli
