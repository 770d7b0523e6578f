#include "live_redis_client.h"

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include <QTimer>
#include <algorithm>
#include <csignal>

#include "argv_view.h"
#include "backends/api/redis_scripts.h"
#include "backends/live/live_credentials.h"
#include "hiredis_qt_adapter.h"
#include "redis_blocking.h"
#include "redis_key_namespace.h"

namespace lockscope::live::redis {
namespace {

using lockscope::redis::ReplyType;

// hiredis writes with write(2): a server that closed the connection would otherwise kill the
// whole process with SIGPIPE instead of giving us an error to answer with.
void ignoreSigpipeOnce() {
  static const bool ignored = [] {
    std::signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)ignored;
}

Reply disconnected() { return {ReplyType::Disconnected, "disconnected", 0, {}}; }

}  // namespace

Reply fromHiredis(const void* hiredisReply) {
  const auto* reply = static_cast<const redisReply*>(hiredisReply);
  if (!reply) return disconnected();
  const std::string text(reply->str ? reply->str : "", reply->str ? reply->len : 0);
  switch (reply->type) {
    case REDIS_REPLY_STATUS: return Reply::status(text);
    case REDIS_REPLY_ERROR: return Reply::error(text);
    case REDIS_REPLY_INTEGER: return Reply::number(reply->integer);
    case REDIS_REPLY_STRING: return Reply::string(text);
    case REDIS_REPLY_ARRAY: {
      Reply array{ReplyType::Array, {}, 0, {}};
      for (size_t i = 0; i < reply->elements; ++i)
        array.elements.push_back(fromHiredis(reply->element[i]));
      return array;
    }
    default: return Reply::nil();
  }
}

LiveRedisClient::LiveRedisClient(std::string instance, std::string host, int port,
                                 int64_t timeoutMs, std::string keyPrefix)
    : instance_(std::move(instance)),
      host_(std::move(host)),
      port_(port),
      timeoutMs_(timeoutMs),
      keyPrefix_(std::move(keyPrefix)) {
  ignoreSigpipeOnce();
  connect();
}

LiveRedisClient::~LiveRedisClient() {
  drop();
  adapter_.reset();
}

void LiveRedisClient::connect() {
  adapter_.reset();  // the previous context, if any, is freed and told its adapter goodbye
  context_ = redisAsyncConnect(host_.c_str(), port_);
  if (!context_) return;
  if (context_->err) {  // refused at once (nothing listens on a loopback port)
    redisAsyncFree(context_);
    context_ = nullptr;
    return;
  }
  context_->data = this;
  adapter_ = std::make_unique<HiredisQtAdapter>(context_);
  redisAsyncSetConnectCallback(context_, &LiveRedisClient::connectCallback);
  redisAsyncSetDisconnectCallback(context_, &LiveRedisClient::disconnectCallback);
  // The login goes first on every connection, untraced, with a callback of its own: the
  // requests' replies still come in order after it. A refused login shows as NOAUTH replies.
  if (const std::optional<RedisLogin>& login = redisLogin()) {
    const Command auth = authCommand(*login);
    ArgvView view(auth);
    redisAsyncCommandArgv(
        context_, [](redisAsyncContext*, void*, void*) {}, nullptr, view.count(), view.words.data(),
        view.lengths.data());
  }
}

void LiveRedisClient::drop() {
  if (!context_) return;
  freeing_ = true;
  redisAsyncFree(context_);  // closes the socket; the NULL replies it hands out answer nobody
  freeing_ = false;
  context_ = nullptr;
  pending_.clear();
}

void LiveRedisClient::command(Command argv, ReplyCallback done) {
  const uint64_t id = ++nextId_;
  if (!prefixKeys(argv, keyPrefix_)) {
    Pending refused{id, std::move(done)};
    answer(refused,
           Reply::error("ERR lockscope: " + (argv.empty() ? std::string("(empty)") : argv[0]) +
                        " is not sent live: its keys cannot be put in the run's namespace"));
    return;
  }
  if (!context_) connect();
  // EVAL's script name becomes the Lua source it stands for.
  if (argv.size() > 1 && argv[0] == "EVAL") {
    const std::string_view source = lockscope::redis::scripts::luaSource(argv[1]);
    if (!source.empty()) argv[1] = std::string(source);
  }
  ArgvView view(argv);
  const bool sent = context_ && redisAsyncCommandArgv(context_, &LiveRedisClient::replyCallback,
                                                      nullptr, view.count(), view.words.data(),
                                                      view.lengths.data()) == REDIS_OK;
  Pending pending{id, std::move(done)};
  if (!sent) {
    answer(pending, disconnected());
    return;
  }
  pending_.push_back(std::move(pending));
  if (timeoutMs_ > 0) {
    QTimer::singleShot(std::chrono::milliseconds(timeoutMs_), Qt::PreciseTimer, &guard_,
                       [this, id] { onTimeout(id); });
  }
  // hiredis only writes when the loop reports the socket writable, one pass later. A connected
  // socket almost always is: writing now saves that pass on every request (a fifth of a lock
  // cycle on loopback). A failed write disconnects, which answers the pending requests (queued)
  // and clears context_ through disconnectCallback.
  if (context_->c.flags & REDIS_CONNECTED) redisAsyncHandleWrite(context_);
}

void LiveRedisClient::answer(Pending& pending, Reply reply) {
  ReplyCallback done = std::move(pending.done);
  pending.done = nullptr;
  // Queued, never called here: the caller may be inside command(), or hiredis inside its read
  // handler, where a callback that destroys this client would pull the context from under it.
  QMetaObject::invokeMethod(
      &guard_, [done = std::move(done), reply = std::move(reply)] { done(reply); },
      Qt::QueuedConnection);
}

void LiveRedisClient::onReply(void* hiredisReply) {
  if (pending_.empty()) return;
  Pending pending = std::move(pending_.front());
  pending_.pop_front();
  if (!pending.done) return;  // answered by its timeout already: the late reply is dropped
  answer(pending, fromHiredis(hiredisReply));
}

void LiveRedisClient::onTimeout(uint64_t id) {
  const auto found = std::find_if(pending_.begin(), pending_.end(),
                                  [id](const Pending& pending) { return pending.id == id; });
  // Gone: answered by the server. Kept in the queue after answering: its reply is still due.
  if (found != pending_.end() && found->done) answer(*found, Reply::timeout());
}

void LiveRedisClient::replyCallback(redisAsyncContext* context, void* reply, void*) {
  auto* self = static_cast<LiveRedisClient*>(context->data);
  if (self && !self->freeing_) self->onReply(reply);
}

void LiveRedisClient::connectCallback(const redisAsyncContext* context, int status) {
  // A failed connect: hiredis answers the queued requests with NULL and frees the context next.
  auto* self = static_cast<LiveRedisClient*>(context->data);
  if (self && status != REDIS_OK) self->context_ = nullptr;
}

void LiveRedisClient::disconnectCallback(const redisAsyncContext* context, int) {
  // The server closed the connection (or died): hiredis frees the context after this.
  auto* self = static_cast<LiveRedisClient*>(context->data);
  if (self) self->context_ = nullptr;
}

}  // namespace lockscope::live::redis
