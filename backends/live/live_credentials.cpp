#include "live_credentials.h"

#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace lockscope::live {
namespace {

struct Secret {
  std::optional<std::string> value;
  std::string problem;
};

// VARIABLE, or the content of VARIABLE_FILE (its last newline dropped), which must be a regular
// file no one but its owner can read or write.
Secret readSecret(const std::string& variable) {
  if (const char* value = std::getenv(variable.c_str()); value && *value)
    return {std::string(value), {}};
  const std::string fileVariable = variable + "_FILE";
  const char* path = std::getenv(fileVariable.c_str());
  if (!path || !*path) return {};
  struct stat status {};
  if (stat(path, &status) != 0 || !S_ISREG(status.st_mode)) {
    return {std::nullopt,
            std::string(path) + ": cannot read the secret file named by " + fileVariable};
  }
  if ((status.st_mode & 077) != 0) {
    return {std::nullopt, std::string(path) + ": the secret file named by " + fileVariable +
                              " may be read by others; chmod 600 it"};
  }
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  std::string secret = text.str();
  while (!secret.empty() && (secret.back() == '\n' || secret.back() == '\r')) secret.pop_back();
  if (!file || secret.empty())
    return {std::nullopt,
            std::string(path) + ": the secret file named by " + fileVariable + " is empty"};
  return {secret, {}};
}

struct Loaded {
  std::optional<RedisLogin> redis;
  std::optional<std::string> zooKeeper;
  std::optional<MariaDbLogin> mariaDb;
  std::string problem;
};

const Loaded& loaded() {
  static const Loaded secrets = [] {
    Loaded result;
    Secret redis = readSecret("LOCKSCOPE_REDIS_PASSWORD");
    if (redis.value) {
      const char* user = std::getenv("LOCKSCOPE_REDIS_USER");
      result.redis = RedisLogin{user ? user : "", std::move(*redis.value)};
    }
    Secret zooKeeper = readSecret("LOCKSCOPE_ZK_DIGEST");
    if (zooKeeper.value && zooKeeper.value->find(':') == std::string::npos) {
      zooKeeper = {std::nullopt,
                   "the ZooKeeper digest (LOCKSCOPE_ZK_DIGEST) must read user:password"};
    }
    result.zooKeeper = std::move(zooKeeper.value);
    Secret mariaDb = readSecret("LOCKSCOPE_MARIADB_PASSWORD");
    const char* mariaDbUser = std::getenv("LOCKSCOPE_MARIADB_USER");
    if (mariaDb.value || (mariaDbUser && *mariaDbUser)) {
      result.mariaDb = MariaDbLogin{mariaDbUser ? mariaDbUser : "", mariaDb.value.value_or("")};
    }
    for (const std::string* problem : {&redis.problem, &zooKeeper.problem, &mariaDb.problem}) {
      if (result.problem.empty()) result.problem = *problem;
    }
    return result;
  }();
  return secrets;
}

}  // namespace

const std::optional<RedisLogin>& redisLogin() { return loaded().redis; }
const std::optional<std::string>& zooKeeperDigest() { return loaded().zooKeeper; }
const std::optional<MariaDbLogin>& mariaDbLogin() { return loaded().mariaDb; }
Status credentialsUsable() {
  const std::string& problem = loaded().problem;
  return problem.empty() ? Status::success() : Status::failure(problem);
}

}  // namespace lockscope::live
