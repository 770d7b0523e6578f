// redis::RedisClient over a real server: hiredis 0.14's asynchronous API on Qt's event loop.
//
// Contract (backends/api/redis_client.h), and how it is kept here:
// - Callbacks run later on the caller's thread, never inside command(): every answer is queued
//   to the Qt event loop, also one known at once (no connection). They run in the order the
//   commands were sent, since the server answers in order and the queue keeps it.
// - hiredis 0.14 has no per-request timeout, so each request gets a Qt timer of ours. A request
//   unanswered within timeoutMs() is answered Timeout; its reply, when it comes, is dropped, and
//   the replies after it still go to their own requests (hiredis matches replies to requests in
//   order, so the late one only has to be skipped).
// - EVAL with a script name (redis_scripts.h) goes out as EVAL with the Lua source.
// - A connection that fails or drops answers every waiting request Disconnected; the next
//   command connects again (a restarted server is used without being told).
// A client destroyed with requests in flight never calls their callbacks.
#pragma once

#include <QObject>
#include <deque>
#include <memory>
#include <string>

#include "backends/api/redis_client.h"

struct redisAsyncContext;

namespace lockscope::live::redis {

using lockscope::redis::Command;
using lockscope::redis::Reply;

class HiredisQtAdapter;

class LiveRedisClient final : public lockscope::redis::RedisClient {
 public:
  // `instance` names the connection ("redis-1"); `host`:`port` is the server. Connects at once
  // (without blocking); a failure shows as Disconnected answers. Every key sent gets `keyPrefix`
  // (redis_key_namespace.h); a command whose keys cannot be told is answered with an error.
  LiveRedisClient(std::string instance, std::string host, int port, int64_t timeoutMs = 0,
                  std::string keyPrefix = {});
  ~LiveRedisClient() override;

  const std::string& instance() const override { return instance_; }
  void command(Command argv, ReplyCallback done) override;
  void setTimeoutMs(int64_t timeoutMs) override { timeoutMs_ = timeoutMs; }
  int64_t timeoutMs() const override { return timeoutMs_; }

  // Closes the connection like a dying process does: nothing more is sent, and the requests in
  // flight are never answered (their callbacks never run). The next command connects again.
  void drop();

 private:
  struct Pending {
    uint64_t id;
    ReplyCallback done;  // empty once answered (by a timeout)
  };

  void connect();
  void answer(Pending& pending, Reply reply);
  void onReply(void* hiredisReply);
  void onTimeout(uint64_t id);

  static void replyCallback(redisAsyncContext* context, void* reply, void* privdata);
  static void connectCallback(const redisAsyncContext* context, int status);
  static void disconnectCallback(const redisAsyncContext* context, int status);

  std::string instance_;
  std::string host_;
  int port_;
  int64_t timeoutMs_;
  std::string keyPrefix_;
  uint64_t nextId_ = 0;
  redisAsyncContext* context_ = nullptr;
  std::unique_ptr<HiredisQtAdapter> adapter_;
  std::deque<Pending> pending_;  // sent on the current context, oldest first
  bool freeing_ = false;         // our redisAsyncFree: its NULL replies answer nobody
  QObject guard_;                // context of queued answers and timers: they die with the client
};

// A reply of hiredis (redisReply*) as our value type.
Reply fromHiredis(const void* hiredisReply);

}  // namespace lockscope::live::redis
