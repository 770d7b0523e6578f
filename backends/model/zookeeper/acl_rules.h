// ZooKeeper 3.8's access control as the server applies it: the identities a connection holds,
// the checks of ZooKeeperServer.checkACL, and PrepRequestProcessor.fixupACL, which vets (and for
// the "auth" scheme expands) an ACL a client sends. Schemes: world (anyone), digest
// (user:base64(sha1(user:password))) and ip (IPv4 address with an optional /bits mask), the
// ones a default server registers (ProviderRegistry); no super user.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/api/zookeeper_types.h"

namespace lockscope::zookeeper::model {

// A node's ACL, shared between nodes (the server caches equal lists too). Null is the open ACL,
// world:anyone:cdrwa, which every check grants without looking further.
using AclList = std::shared_ptr<const std::vector<Acl>>;

// The address a model client connects from: the server's own machine.
inline constexpr std::string_view kModelClientAddress = "127.0.0.1";

// DigestAuthenticationProvider.generateDigest: "user:password" -> "user:" +
// base64(sha1("user:password")); the user is the text before the first ':' (all of it if none).
std::string digestId(std::string_view userAndPassword);

// The identities one connection holds ({"ip", address}, {"digest", "user:hash"}, ...), kept in
// the iteration order of the server's set of them (a ConcurrentHashMap of Id: buckets by
// Id.hashCode(), 16 of them until twelve identities; beyond that the model keeps bucket order
// without the map's resize shuffles).
class AuthIdentities {
 public:
  explicit AuthIdentities(std::string address);
  // ServerCnxn.addAuthInfo: a set, so an identity held already is not added twice.
  void add(ClientIdentity identity);
  const std::vector<ClientIdentity>& inOrder() const { return ordered_; }

 private:
  std::vector<ClientIdentity> inserted_;
  std::vector<ClientIdentity> ordered_;
};

// What whoami shows of them: each as its provider's getUserName names it (a digest id without
// its hash, "alice"), in the set's order.
std::vector<ClientIdentity> whoAmINames(const AuthIdentities& ids);

// ZooKeeperServer.checkACL: does `acl` grant one of `permissions` to a holder of `ids`?
bool aclAllows(const AclList& acl, int32_t permissions, const AuthIdentities& ids);

// PrepRequestProcessor.fixupACL: duplicates dropped, "auth" entries replaced by the
// connection's digest identities, every other entry checked by its scheme. InvalidAcl (and
// `fixed` unspecified) when the list is empty, an id is not valid for its scheme, the scheme is
// unknown, or "auth" finds no authenticated identity. Null `fixed` for the open ACL.
ErrorCode fixupAcl(const std::vector<Acl>& requested, const AuthIdentities& ids, AclList& fixed);

// The ACL a client reads: the node's, the open one for null.
std::vector<Acl> aclEntries(const AclList& acl);

// FinalRequestProcessor's getACL for a reader without ADMIN: digest ids lose their hash
// ("alice:x").
std::vector<Acl> withDigestsHidden(std::vector<Acl> acl);

}  // namespace lockscope::zookeeper::model
