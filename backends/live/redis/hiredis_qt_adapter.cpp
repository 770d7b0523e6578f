#include "hiredis_qt_adapter.h"

#include <hiredis/async.h>

#include <QSocketNotifier>

namespace lockscope::live::redis {

HiredisQtAdapter::HiredisQtAdapter(redisAsyncContext* context) : context_(context) {
  context->ev.data = this;
  context->ev.addRead = &HiredisQtAdapter::addRead;
  context->ev.delRead = &HiredisQtAdapter::delRead;
  context->ev.addWrite = &HiredisQtAdapter::addWrite;
  context->ev.delWrite = &HiredisQtAdapter::delWrite;
  context->ev.cleanup = &HiredisQtAdapter::cleanup;
}

HiredisQtAdapter::~HiredisQtAdapter() {
  // A context that outlives us must not call into a dead adapter.
  if (context_) context_->ev.data = nullptr;
}

void HiredisQtAdapter::addRead(void* self) {
  auto* adapter = static_cast<HiredisQtAdapter*>(self);
  if (adapter) adapter->watch(adapter->read_, true);
}

void HiredisQtAdapter::delRead(void* self) {
  if (self) unwatch(static_cast<HiredisQtAdapter*>(self)->read_);
}

void HiredisQtAdapter::addWrite(void* self) {
  auto* adapter = static_cast<HiredisQtAdapter*>(self);
  if (adapter) adapter->watch(adapter->write_, false);
}

void HiredisQtAdapter::delWrite(void* self) {
  if (self) unwatch(static_cast<HiredisQtAdapter*>(self)->write_);
}

void HiredisQtAdapter::cleanup(void* self) {
  auto* adapter = static_cast<HiredisQtAdapter*>(self);
  if (!adapter) return;
  unwatch(adapter->read_);
  unwatch(adapter->write_);
  adapter->context_ = nullptr;
}

void HiredisQtAdapter::watch(std::unique_ptr<QSocketNotifier>& notifier, bool read) {
  if (!context_) return;
  if (!notifier) {
    notifier = std::make_unique<QSocketNotifier>(
        context_->c.fd, read ? QSocketNotifier::Read : QSocketNotifier::Write);
    QObject::connect(notifier.get(), &QSocketNotifier::activated, notifier.get(), [this, read] {
      if (!context_) return;
      if (read) {
        redisAsyncHandleRead(context_);
      } else {
        redisAsyncHandleWrite(context_);
      }
    });
  }
  notifier->setEnabled(true);  // the hooks must be idempotent
}

void HiredisQtAdapter::unwatch(std::unique_ptr<QSocketNotifier>& notifier) {
  // Disabled, not deleted: hiredis may ask for this from inside the notifier's own activation (a
  // read that hit EOF), where deleting it would be unsafe. The adapter deletes it, and the adapter
  // is only destroyed from our own code, never from inside hiredis.
  if (notifier) notifier->setEnabled(false);
}

}  // namespace lockscope::live::redis
