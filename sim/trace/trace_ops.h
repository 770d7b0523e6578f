// What a trace event's `op` says happened, typed: one enum per closed set of ops, and TraceOp, a
// two-byte tagged value that holds any of them. A producer writes `.op = LockOp::Acquired`, so a
// misspelt op is a compile error and a checker compares enums, never strings; an op of the wrong
// set for its event's kind (a LockOp on a Resource event) fails a LOCKSCOPE_CHECK when the event
// is appended (Trace::append, through opFitsKind).
//
// Each enum's wire names are in one table below (OpNames<Op>::kNames, in the enum's order). Only
// name() reads them: the JSON writer, the JSON reader (parseTraceOp) and the text that shows an
// op to a person. The names are the JSON Lines format: renaming one changes every golden hash.
//
// Open sets stay strings: a Step's op is the recipe's name (a new recipe must not touch the trace
// layer), carried in TraceEvent::label and written under "op". A Note's text is free (its
// detail), but what it is about is a closed NoteOp, because the stage reacts to it. Fault events
// carry a FaultKind, whose table (fault_kinds.h) the scenario loader, the GUI and the docs read.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "fault_kinds.h"
#include "trace_kind.h"

namespace lockscope::sim {

// Request and Reply: a ZooKeeper call (the model's and the live client's alike).
enum class ZooKeeperOp : uint8_t {
  Create,
  Delete,
  Exists,
  GetData,
  SetData,
  GetChildren,
  Sync,
  Ping,
  CloseSession,
  SetWatches,
  Multi,
  // Reads only zkCli's own commands make (getAcl, getAllChildrenNumber, getEphemerals, whoami).
  GetAcl,
  GetAllChildrenNumber,
  GetEphemerals,
  WhoAmI,
  // zkCli's addWatch and removewatches.
  AddWatch,
  RemoveWatches,
  // zkCli's setAcl and addauth.
  SetAcl,
  AddAuth,
};
// Request and Reply: a Redis command, or the name of the script an EVAL runs
// (backends/api/redis_scripts.h). The commands are the ones the model executes.
enum class RedisOp : uint8_t {
  Set,
  SetNx,
  Get,
  Del,
  Exists,
  PExpire,
  Expire,
  PTtl,
  Ttl,
  Incr,
  HIncrBy,
  HExists,
  HGet,
  CompareAndDelete,
  CompareAndExtend,
  ReentrantAcquire,
  ReentrantRelease,
  FencedAcquire,
  Eval,  // a script given as Lua source (a lesson's own), not one of the lock scripts' names
  Watch,
  Multi,
  Exec,
  Wait,
};
// Request and Reply: a database statement (backends/api/sql_types.h calls it StatementKind).
enum class SqlOp : uint8_t {
  Begin,
  Commit,
  Rollback,
  LockInsert,
  LockDelete,
  LockTakeExpired,
  LockSelect,
  LockCountAdd,
  LockDeleteIfFree,
  LockClaim,
  InventorySelect,
  InventoryUpdate,
  InventoryUpdateIfVersion,
  InventoryUpdateIfFence,
  TokenNext,
  TokenSelect,
  AdvisoryLock,
  AdvisoryTryLock,
  AdvisoryUnlock,
  AdvisoryXactLock,
};
enum class RowOp : uint8_t { Inserted, Updated, Deleted, Restored };  // Restored: by a rollback
// Waiting: queued behind `detail`; Refused: NOWAIT found it locked; Skipped: SKIP LOCKED left the
// row out; TimedOut: the lock timeout ended the wait; Victim: a deadlock's chosen victim.
enum class RowLockOp : uint8_t { Waiting, Granted, Released, Refused, Skipped, TimedOut, Victim };
enum class TransactionOp : uint8_t { Began, Committed, RolledBack, Aborted, SessionEnded };
// WatchSet: which watch was armed (Persistent, PersistentRecursive: addWatch's modes);
// WatchRemoved: the table it left (Data or Child).
enum class WatchOp : uint8_t { Data, Child, Exists, Persistent, PersistentRecursive };
enum class SessionOp : uint8_t { Created, Resumed, Connected, Disconnected, Expired, Closed };
enum class ProcessOp : uint8_t { Paused, Resumed, Crashed, Restarted };
enum class LockOp : uint8_t {
  Acquiring,
  Acquired,
  Releasing,
  Released,
  TimedOut,
  Failed,
  Revoked,
  Done
};
enum class ResourceOp : uint8_t { Read, Write, Rejected };
enum class KeyChangedOp : uint8_t { Set, Incr, PExpire, HIncrBy };  // the write's cause
enum class KeyDeletedOp : uint8_t { Del, Expired };
enum class RedisInstanceOp : uint8_t { Up, Down, Promoted, Clock };
// What a note is about, for the stage. Cache: what a client's cache of a znode (or of its children)
// holds now (path, value: the data or the children, request: the version it loaded).
enum class NoteOp : uint8_t { Redlock, Multilock, Cache };
// Fault, besides the scenario's FaultKind: what the ZooKeeper model's server did on its own.
enum class ServerFaultOp : uint8_t { DropConnection };

// Which enum a TraceOp holds.
enum class OpSet : uint8_t {
  None,
  ZooKeeper,
  Redis,
  Watch,
  Session,
  Process,
  Lock,
  Resource,
  KeyChanged,
  KeyDeleted,
  RedisInstance,
  Note,
  Fault,
  ServerFault,
  Sql,
  Row,
  RowLock,
  Transaction,
};
inline constexpr size_t kOpSetCount = static_cast<size_t>(OpSet::Transaction) + 1;

// The one name table: per enum its set, its last enumerator (to check the table's length) and
// its wire names in the enum's order.
template <typename Op>
struct OpNames;

template <typename Op, OpSet Set, Op Last>
struct OpSetOf {
  static constexpr OpSet kSet = Set;
  static constexpr Op kLast = Last;
};

template <>
struct OpNames<ZooKeeperOp> : OpSetOf<ZooKeeperOp, OpSet::ZooKeeper, ZooKeeperOp::AddAuth> {
  static constexpr std::array<std::string_view, 19> kNames = {"create",
                                                              "delete",
                                                              "exists",
                                                              "getData",
                                                              "setData",
                                                              "getChildren",
                                                              "sync",
                                                              "ping",
                                                              "closeSession",
                                                              "setWatches",
                                                              "multi",
                                                              "getACL",
                                                              "getAllChildrenNumber",
                                                              "getEphemerals",
                                                              "whoAmI",
                                                              "addWatch",
                                                              "removeWatches",
                                                              "setACL",
                                                              "addAuth"};
};
template <>
struct OpNames<RedisOp> : OpSetOf<RedisOp, OpSet::Redis, RedisOp::Wait> {
  static constexpr std::array<std::string_view, 23> kNames = {"SET",
                                                              "SETNX",
                                                              "GET",
                                                              "DEL",
                                                              "EXISTS",
                                                              "PEXPIRE",
                                                              "EXPIRE",
                                                              "PTTL",
                                                              "TTL",
                                                              "INCR",
                                                              "HINCRBY",
                                                              "HEXISTS",
                                                              "HGET",
                                                              "compare_and_delete",
                                                              "compare_and_extend",
                                                              "reentrant_acquire",
                                                              "reentrant_release",
                                                              "fenced_acquire",
                                                              "EVAL",
                                                              "WATCH",
                                                              "MULTI",
                                                              "EXEC",
                                                              "WAIT"};
};
template <>
struct OpNames<WatchOp> : OpSetOf<WatchOp, OpSet::Watch, WatchOp::PersistentRecursive> {
  static constexpr std::array<std::string_view, 5> kNames = {"data", "child", "exists",
                                                             "persistent", "persistent_recursive"};
};
template <>
struct OpNames<SessionOp> : OpSetOf<SessionOp, OpSet::Session, SessionOp::Closed> {
  static constexpr std::array<std::string_view, 6> kNames = {"created",      "resumed", "connected",
                                                             "disconnected", "expired", "closed"};
};
template <>
struct OpNames<ProcessOp> : OpSetOf<ProcessOp, OpSet::Process, ProcessOp::Restarted> {
  static constexpr std::array<std::string_view, 4> kNames = {"paused", "resumed", "crashed",
                                                             "restarted"};
};
template <>
struct OpNames<LockOp> : OpSetOf<LockOp, OpSet::Lock, LockOp::Done> {
  static constexpr std::array<std::string_view, 8> kNames = {
      "acquiring", "acquired", "releasing", "released", "timed_out", "failed", "revoked", "done"};
};
template <>
struct OpNames<ResourceOp> : OpSetOf<ResourceOp, OpSet::Resource, ResourceOp::Rejected> {
  static constexpr std::array<std::string_view, 3> kNames = {"read", "write", "rejected"};
};
template <>
struct OpNames<KeyChangedOp> : OpSetOf<KeyChangedOp, OpSet::KeyChanged, KeyChangedOp::HIncrBy> {
  static constexpr std::array<std::string_view, 4> kNames = {"set", "incr", "pexpire", "hincrby"};
};
template <>
struct OpNames<KeyDeletedOp> : OpSetOf<KeyDeletedOp, OpSet::KeyDeleted, KeyDeletedOp::Expired> {
  static constexpr std::array<std::string_view, 2> kNames = {"del", "expired"};
};
template <>
struct OpNames<RedisInstanceOp>
    : OpSetOf<RedisInstanceOp, OpSet::RedisInstance, RedisInstanceOp::Clock> {
  static constexpr std::array<std::string_view, 4> kNames = {"up", "down", "promoted", "clock"};
};
template <>
struct OpNames<NoteOp> : OpSetOf<NoteOp, OpSet::Note, NoteOp::Cache> {
  static constexpr std::array<std::string_view, 3> kNames = {"redlock", "multilock", "cache"};
};
template <>
struct OpNames<ServerFaultOp>
    : OpSetOf<ServerFaultOp, OpSet::ServerFault, ServerFaultOp::DropConnection> {
  static constexpr std::array<std::string_view, 1> kNames = {"drop_connection"};
};
template <>
struct OpNames<SqlOp> : OpSetOf<SqlOp, OpSet::Sql, SqlOp::AdvisoryXactLock> {
  static constexpr std::array<std::string_view, 20> kNames = {"BEGIN",
                                                              "COMMIT",
                                                              "ROLLBACK",
                                                              "INSERT lock",
                                                              "DELETE lock",
                                                              "UPDATE expired lock",
                                                              "SELECT lock",
                                                              "UPDATE lock count",
                                                              "DELETE free lock",
                                                              "UPDATE claim lock",
                                                              "SELECT inventory",
                                                              "UPDATE inventory",
                                                              "UPDATE inventory if version",
                                                              "UPDATE inventory if fence",
                                                              "UPDATE token",
                                                              "SELECT token",
                                                              "pg_advisory_lock",
                                                              "pg_try_advisory_lock",
                                                              "pg_advisory_unlock",
                                                              "pg_advisory_xact_lock"};
};
template <>
struct OpNames<RowOp> : OpSetOf<RowOp, OpSet::Row, RowOp::Restored> {
  static constexpr std::array<std::string_view, 4> kNames = {"inserted", "updated", "deleted",
                                                             "restored"};
};
template <>
struct OpNames<RowLockOp> : OpSetOf<RowLockOp, OpSet::RowLock, RowLockOp::Victim> {
  static constexpr std::array<std::string_view, 7> kNames = {
      "waiting", "granted", "released", "refused", "skipped", "timed_out", "victim"};
};
template <>
struct OpNames<TransactionOp>
    : OpSetOf<TransactionOp, OpSet::Transaction, TransactionOp::SessionEnded> {
  static constexpr std::array<std::string_view, 5> kNames = {"began", "committed", "rolled_back",
                                                             "aborted", "session_ended"};
};
// Fault kinds are named by their own table, which the scenario loader reads too.
template <>
struct OpNames<FaultKind> : OpSetOf<FaultKind, OpSet::Fault, FaultKind::RestartServer> {
  static constexpr std::array<std::string_view, kFaultKinds.size()> kNames = [] {
    std::array<std::string_view, kFaultKinds.size()> names{};
    for (size_t i = 0; i < names.size(); ++i) names[i] = kFaultKinds[i].name;
    return names;
  }();
};

template <typename Op>
concept TraceOpEnum = requires {
  OpNames<Op>::kSet;
};

// A name for every enumerator, and no more.
template <TraceOpEnum Op>
inline constexpr bool kNamesComplete = OpNames<Op>::kNames.size() ==
                                       static_cast<size_t>(OpNames<Op>::kLast) + 1;

template <TraceOpEnum Op>
constexpr std::string_view name(Op op) {
  static_assert(kNamesComplete<Op>);
  return OpNames<Op>::kNames[static_cast<size_t>(op)];
}

class TraceOp {
 public:
  constexpr TraceOp() = default;
  template <TraceOpEnum Op>
  constexpr TraceOp(Op op)  // NOLINT: implicit, so that `.op = LockOp::Acquired` reads naturally
      : set_(OpNames<Op>::kSet), code_(static_cast<uint8_t>(op)) {}

  // For unpacking what set() and code() packed; `code` must be a valid enumerator of `set`.
  static constexpr TraceOp fromCode(OpSet set, uint8_t code) {
    TraceOp op;
    op.set_ = set;
    op.code_ = code;
    return op;
  }

  constexpr OpSet set() const { return set_; }
  constexpr uint8_t code() const { return code_; }
  constexpr bool empty() const { return set_ == OpSet::None; }
  template <TraceOpEnum Op>
  constexpr bool is() const {
    return set_ == OpNames<Op>::kSet;
  }
  // The enumerator, when is<Op>(); else nothing.
  template <TraceOpEnum Op>
  constexpr std::optional<Op> as() const {
    if (!is<Op>()) return std::nullopt;
    return static_cast<Op>(code_);
  }

  constexpr bool operator==(const TraceOp&) const = default;

 private:
  OpSet set_ = OpSet::None;
  uint8_t code_ = 0;
};
static_assert(sizeof(TraceOp) == 2);

// The op's wire name; empty for no op.
std::string_view name(TraceOp op);

// Whether an event of `kind` may carry an op of `set`: no op fits every kind.
bool opFitsKind(TraceKind kind, OpSet set);

// The op named `text` among those an event of `kind` may carry, for the JSON reader; nothing for
// an unknown name (opNamesFor then lists the expected ones, for its error).
std::optional<TraceOp> parseTraceOp(TraceKind kind, std::string_view text);
std::string opNamesFor(TraceKind kind);  // "acquiring, acquired, ..." or "" (no typed op)

// A Redis command or script name as a RedisOp (for the request log, whose commands are argv
// strings); nothing for one the model does not execute.
std::optional<RedisOp> redisOpNamed(std::string_view command);

}  // namespace lockscope::sim
