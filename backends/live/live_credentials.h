// Secrets for live servers. They come only from the environment or from a file that only its
// owner can read, never from the command line (where `ps` and shell history show them) or a
// scenario file, and they never appear in a trace, a report, a recorded scenario, a log or an
// error message.
//
//   LOCKSCOPE_REDIS_PASSWORD or LOCKSCOPE_REDIS_PASSWORD_FILE   Redis AUTH (requirepass, or an ACL
//   LOCKSCOPE_REDIS_USER                                         user's password with its name)
//   LOCKSCOPE_ZK_DIGEST or LOCKSCOPE_ZK_DIGEST_FILE              ZooKeeper digest auth,
//   "user:password";
//                                                                the run's nodes are then created
//                                                                readable and writable by that
//                                                                identity only (CREATOR_ALL_ACL)
//   LOCKSCOPE_MARIADB_PASSWORD or LOCKSCOPE_MARIADB_PASSWORD_FILE MariaDB's login (the live
//   LOCKSCOPE_MARIADB_USER                                       database client), the user
//                                                                alone for one without a password
//
// The environment is read once, on first use.
#pragma once

#include <optional>
#include <string>

#include "sim/engine/status.h"

namespace lockscope::live {

struct RedisLogin {
  std::string user;  // empty: the default user (requirepass)
  std::string password;
};

const std::optional<RedisLogin>& redisLogin();

struct MariaDbLogin {
  std::string user;  // empty: Connector/C's default (the login name of this process)
  std::string password;
};

// Present when LOCKSCOPE_MARIADB_USER or a password is given.
const std::optional<MariaDbLogin>& mariaDbLogin();
// "user:password" for zoo_add_auth's digest scheme.
const std::optional<std::string>& zooKeeperDigest();

// Success when the configured secrets can be used; otherwise one line saying why not (a file
// others can read, an unreadable or empty file, a digest without ':'). Never quotes a secret.
Status credentialsUsable();

}  // namespace lockscope::live
