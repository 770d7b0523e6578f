// Executes one Redis command against a keyspace at one instant of the instance's clock, as the
// single-threaded server does: nothing else runs between its reads and writes, so a script is
// atomic simply by being one call here.
//
// Commands (Redis 7.0's replies, errors and argument checks):
//   strings  SET key value [NX|XX] [GET] [EX s|PX ms|EXAT s|PXAT ms|KEEPTTL], SETNX, GET,
//            GETDEL, INCR, INCRBY, DECR, DECRBY
//   keys     DEL, UNLINK, EXISTS key..., EXPIRE, PEXPIRE, EXPIREAT, PEXPIREAT (NX|XX|GT|LT),
//            PERSIST, TTL, PTTL, TYPE, KEYS pattern, SCAN cursor [MATCH p] [COUNT n] [TYPE t],
//            DBSIZE, FLUSHDB
//   hashes   HSET, HGET, HDEL, HEXISTS, HINCRBY, HGETALL
//   server   PING, ECHO, TIME, INFO [section...] (the replication section), WAIT
//   scripts  EVAL script numkeys key... arg..., EVALSHA, SCRIPT LOAD|EXISTS|FLUSH, where the script
//            is Lua source (lua_engine.h) or one of the lock scripts' names
//            (backends/api/redis_scripts.h), which stands for its source.
// MULTI, EXEC, DISCARD, WATCH and UNWATCH belong to a connection: client_connection.h.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "backends/api/redis_client.h"
#include "keyspace.h"
#include "replication_info.h"
#include "script_cache.h"

namespace lockscope::redis::model {

class CommandExecutor {
 public:
  // `scriptRandom`: the instance's math.random state (lua_engine.h), or null when it runs no
  // scripts. `scriptCache`: the instance's cache for EVALSHA, or null (then EVALSHA finds nothing).
  CommandExecutor(Keyspace& keys, int64_t nowMs, std::vector<KeyChange>& changes,
                  uint64_t* scriptRandom = nullptr, ScriptCache* scriptCache = nullptr)
      : keys_(keys),
        nowMs_(nowMs),
        changes_(changes),
        scriptRandom_(scriptRandom),
        scriptCache_(scriptCache) {}

  Reply execute(const Command& argv);

  // What INFO replication shows and WAIT counts, asked for only by them; without it, a master
  // without replicas.
  using ReplicationSource = std::function<ReplicationInfo()>;
  void setReplication(ReplicationSource replication) { replication_ = std::move(replication); }
  // Commands run by EXEC: a WAIT there answers at once, as a server's does inside MULTI.
  void setInTransaction(bool inTransaction) { inTransaction_ = inTransaction; }

  // A WAIT that found too few replicas: the server blocks the client until `replicas` have
  // acknowledged or `timeoutMs` has passed (0: no limit), then answers how many did. execute()
  // answered how many have now; the caller blocks it and answers again (RedisInstance, the
  // shell's RedisShellModel).
  struct BlockedWait {
    int64_t replicas = 0;
    int64_t timeoutMs = 0;
  };
  const std::optional<BlockedWait>& blocked() const { return blocked_; }
  // What the server answers before running `argv`: the unknown-command or wrong-arity error, or
  // nil when the command would run (MULTI queues only what passes this).
  static Reply refusal(const Command& argv);

  // One command's handler; the table in command_executor.cpp names each with its arity.
  using Handler = Reply (CommandExecutor::*)(const Command&);

 private:
  friend struct CommandTable;

  // strings (command_executor_strings.cpp)
  Reply setCommand(const Command& argv);
  Reply setnxCommand(const Command& argv);
  Reply getCommand(const Command& argv);
  Reply getdelCommand(const Command& argv);
  Reply incrCommand(const Command& argv);
  Reply incrbyCommand(const Command& argv);
  Reply decrCommand(const Command& argv);
  Reply decrbyCommand(const Command& argv);
  Reply incrementBy(const std::string& key, int64_t by);
  // keys (command_executor_keys.cpp)
  Reply delCommand(const Command& argv);
  Reply existsCommand(const Command& argv);
  Reply expireCommand(const Command& argv);
  Reply pexpireCommand(const Command& argv);
  Reply expireatCommand(const Command& argv);
  Reply pexpireatCommand(const Command& argv);
  Reply expireGeneric(const Command& argv, int64_t base, bool inSeconds);
  Reply persistCommand(const Command& argv);
  Reply ttlCommand(const Command& argv);
  Reply pttlCommand(const Command& argv);
  Reply typeCommand(const Command& argv);
  Reply keysCommand(const Command& argv);
  Reply scanCommand(const Command& argv);
  Reply dbsizeCommand(const Command& argv);
  Reply flushdbCommand(const Command& argv);
  // hashes (command_executor_hashes.cpp)
  Reply hsetCommand(const Command& argv);
  Reply hgetCommand(const Command& argv);
  Reply hdelCommand(const Command& argv);
  Reply hexistsCommand(const Command& argv);
  Reply hincrbyCommand(const Command& argv);
  Reply hgetallCommand(const Command& argv);
  // server (command_executor_server.cpp)
  Reply pingCommand(const Command& argv);
  Reply echoCommand(const Command& argv);
  Reply timeCommand(const Command& argv);
  Reply infoCommand(const Command& argv);
  Reply waitCommand(const Command& argv);
  // scripts (script_runner.cpp)
  Reply evalCommand(const Command& argv);
  Reply evalshaCommand(const Command& argv);
  Reply scriptCommand(const Command& argv);
  // EVAL's numkeys: the count as an Integer reply, or the error.
  Reply checkKeyCount(const Command& argv);
  Reply runScript(std::string_view source, bool literal, const Command& argv);

  // The live value of `key`, expiring it first if its time has come (lazy expiry).
  StoredValue* find(const std::string& key) { return keys_.find(key, nowMs_, changes_); }
  bool erase(const std::string& key) { return keys_.erase(key, sim::KeyDeletedOp::Del, changes_); }

  Keyspace& keys_;
  int64_t nowMs_;
  std::vector<KeyChange>& changes_;
  uint64_t* scriptRandom_;
  ScriptCache* scriptCache_;
  ReplicationSource replication_;
  bool inTransaction_ = false;
  std::optional<BlockedWait> blocked_;
};

// A command's name as Redis matches it, case-blind.
std::string upperCase(std::string text);
// A command's name as Redis' errors print it.
std::string lowerCase(std::string text);
// "ERR wrong number of arguments for 'get' command", as Redis words it.
Reply wrongArity(const std::string& command);
// Redis' shared replies.
Reply wrongType();
Reply notAnInteger();
Reply syntaxError();

}  // namespace lockscope::redis::model
