// Drives one hiredis asynchronous context from Qt's event loop (QtCore only).
//
// hiredis 0.14 does no I/O of its own: it calls the ev.addRead/delRead/addWrite/delWrite hooks
// when it wants to know that its socket is readable or writable, and ev.cleanup when the context
// is about to be freed. We answer with a QSocketNotifier per direction; when one fires we call
// redisAsyncHandleRead/Write, which runs the reply callbacks. Everything happens on the thread
// that owns the adapter (the world's thread), so no locking is needed.
#pragma once

#include <memory>

struct redisAsyncContext;
class QSocketNotifier;

namespace lockscope::live::redis {

class HiredisQtAdapter {
 public:
  // Installs the hooks in `context`. Destroy it outside hiredis' callbacks (it deletes the
  // notifiers); a context that outlives it gets null hook data and is ignored.
  explicit HiredisQtAdapter(redisAsyncContext* context);
  ~HiredisQtAdapter();
  HiredisQtAdapter(const HiredisQtAdapter&) = delete;
  HiredisQtAdapter& operator=(const HiredisQtAdapter&) = delete;

 private:
  static void addRead(void* self);
  static void delRead(void* self);
  static void addWrite(void* self);
  static void delWrite(void* self);
  static void cleanup(void* self);

  void watch(std::unique_ptr<QSocketNotifier>& notifier, bool read);
  static void unwatch(std::unique_ptr<QSocketNotifier>& notifier);

  redisAsyncContext* context_;  // null once hiredis announced it frees the context
  std::unique_ptr<QSocketNotifier> read_;
  std::unique_ptr<QSocketNotifier> write_;
};

}  // namespace lockscope::live::redis
