// The reads libzookeeper_mt 3.8 cannot send: getAllChildrenNumber (opcode 104), getEphemerals
// (103) and whoAmI (107) have no zoo_a* call, and the library offers no way to send a request
// of its own on the session's connection. Their answers are worked out from calls it does have
// and from what the client knows, so that `shell --live` prints what zkCli prints:
// - getAllChildrenNumber counts the subtree with getChildren, breadth first (a node deleted
//   meanwhile is skipped, as it would be missing from the server's count);
// - getEphemerals takes the nodes this session created as ephemerals (no other session can),
//   drops those another session deleted (exists; the owner checked), and lists the rest in the
//   order of the server's HashSet (EphemeralSet, the model's copy of that order);
// - whoAmI answers with the "ip" identity the server gives every connection (the address this
//   machine sends from to the server), the run's digest user when one is configured (the
//   library adds it before any request) and the digest users addAuth added, in the order of the
//   server's set of them (the model's AuthIdentities).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <deque>
#include <memory>
#include <optional>

#include "backends/model/zookeeper/acl_rules.h"
#include "live_credentials.h"
#include "live_zookeeper_client.h"
#include "zookeeper_c.h"

namespace lockscope::live {

using zookeeper::ClientIdentity;
using zookeeper::ErrorCode;
using zookeeper::SessionState;

namespace {

std::string childPath(const std::string& parent, const std::string& child) {
  return parent == "/" ? "/" + child : parent + "/" + child;
}

// InetAddress.getHostAddress(): dotted IPv4; IPv6 as eight hex groups, no "::" shortening.
std::string javaHostAddress(const sockaddr_storage& address) {
  if (address.ss_family == AF_INET) {
    char text[INET_ADDRSTRLEN] = {};
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(address);
    inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
    return text;
  }
  const auto& v6 = reinterpret_cast<const sockaddr_in6&>(address);
  const uint8_t* bytes = v6.sin6_addr.s6_addr;
  if (IN6_IS_ADDR_V4MAPPED(&v6.sin6_addr)) {  // Java makes these an Inet4Address
    char text[INET_ADDRSTRLEN] = {};
    inet_ntop(AF_INET, bytes + 12, text, sizeof text);
    return text;
  }
  std::string text;
  for (int group = 0; group < 8; ++group) {
    char part[8];
    std::snprintf(part, sizeof part, "%x", (bytes[2 * group] << 8) | bytes[2 * group + 1]);
    text += (group ? ":" : "") + std::string(part);
  }
  return text;
}

// The address this machine sends from to the server the handle is connected to: a UDP socket
// connected to the same address learns it from the routing table, without a packet sent.
std::optional<std::string> addressTowardsServer(zhandle_t* handle) {
  sockaddr_storage server{};
  socklen_t length = sizeof server;
  if (!zookeeper_get_connected_host(handle, reinterpret_cast<sockaddr*>(&server), &length))
    return std::nullopt;
  const int probe = socket(server.ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (probe < 0) return std::nullopt;
  sockaddr_storage local{};
  socklen_t localLength = sizeof local;
  const bool known = connect(probe, reinterpret_cast<sockaddr*>(&server), length) == 0 &&
                     getsockname(probe, reinterpret_cast<sockaddr*>(&local), &localLength) == 0;
  ::close(probe);
  if (!known) return std::nullopt;
  return javaHostAddress(local);
}

}  // namespace

struct LiveZooKeeperClient::SubtreeCount {
  std::deque<std::string> queue;
  bool atRoot = true;
  int32_t count = 0;
  CountCallback done;
};

struct LiveZooKeeperClient::EphemeralCheck {
  std::vector<std::string> candidates;  // every ephemeral this session believes it owns
  size_t next = 0;
  std::string prefix;
  PathsCallback done;
};

void LiveZooKeeperClient::getAllChildrenNumber(const std::string& path, CountCallback done) {
  auto walk = std::make_shared<SubtreeCount>();
  walk->queue.push_back(path);
  walk->done = std::move(done);
  countSubtree(walk);
}

void LiveZooKeeperClient::countSubtree(const std::shared_ptr<SubtreeCount>& walk) {
  if (walk->queue.empty()) return walk->done(ErrorCode::Ok, walk->count);
  getChildren(walk->queue.front(), false,
              [this, walk](ErrorCode rc, const zookeeper::Children& children, const auto&) {
                const std::string node = walk->queue.front();
                walk->queue.pop_front();
                const bool root = std::exchange(walk->atRoot, false);
                // A node below the root deleted meanwhile is no longer in the server's count.
                if (rc == ErrorCode::NoNode && !root) return countSubtree(walk);
                if (rc != ErrorCode::Ok) return walk->done(rc, 0);
                for (const std::string& name : children->names()) {
                  walk->queue.push_back(childPath(node, name));
                  ++walk->count;
                }
                countSubtree(walk);
              });
}

void LiveZooKeeperClient::getEphemerals(const std::string& prefix, PathsCallback done) {
  auto check = std::make_shared<EphemeralCheck>();
  check->candidates = ephemeralOrder_.deletionOrder();
  check->prefix = prefix;
  check->done = std::move(done);
  checkEphemerals(check);
}

void LiveZooKeeperClient::checkEphemerals(const std::shared_ptr<EphemeralCheck>& check) {
  if (check->next == check->candidates.size()) {
    std::vector<std::string> paths = zookeeper::model::ephemeralsWithPrefix(
        ephemeralOrder_.deletionOrder(), check->prefix);
    const ErrorCode rc = open() ? ErrorCode::Ok : ErrorCode::SessionExpired;
    if (rc != ErrorCode::Ok) paths.clear();
    return answerLater([check, rc, paths] { check->done(rc, paths); });
  }
  const std::string path = check->candidates[check->next++];
  exists(path, false,
         [this, check, path](ErrorCode rc, const std::optional<zookeeper::Stat>& stat) {
           if (rc != ErrorCode::Ok && rc != ErrorCode::NoNode) return check->done(rc, {});
           if (!stat || stat->ephemeralOwner != sessionId_) {
             ephemerals_.erase(path);
             ephemeralOrder_.erase(path);
           }
           checkEphemerals(check);
         });
}

void LiveZooKeeperClient::whoAmI(IdentitiesCallback done) {
  ErrorCode rc = open() ? ErrorCode::Ok : ErrorCode::SessionExpired;
  std::vector<ClientIdentity> identities;
  if (rc == ErrorCode::Ok) {
    if (const auto address = addressTowardsServer(handle_)) {
      // In the server's order (the model's AuthIdentities), each as whoami names it.
      zookeeper::model::AuthIdentities held(*address);
      if (const auto& digest = zooKeeperDigest())
        held.add({"digest", zookeeper::model::digestId(*digest)});
      for (const ClientIdentity& added : addedAuth_) held.add(added);
      identities = zookeeper::model::whoAmINames(held);
    } else {
      rc = ErrorCode::ConnectionLoss;  // not connected to a server just now
    }
  }
  auto answer = std::make_shared<IdentitiesCallback>(std::move(done));
  answerLater([answer, rc, identities] { (*answer)(rc, identities); });
}

}  // namespace lockscope::live
