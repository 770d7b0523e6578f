#include "mariadb_qt_driver.h"

#include <mysql.h>

#include "sim/engine/check.h"

namespace lockscope::live::database {

MariaDbQtDriver::MariaDbQtDriver(MYSQL* connection) : connection_(connection) {
  timer_.setSingleShot(true);
  QObject::connect(&timer_, &QTimer::timeout, &guard_, [this] { onEvents(MYSQL_WAIT_TIMEOUT); });
}

void MariaDbQtDriver::run(int status, std::function<int(int)> resume,
                          std::function<void()> finished) {
  LOCKSCOPE_CHECK(!resume_, "one non-blocking MariaDB call at a time");
  resume_ = std::move(resume);
  finished_ = std::move(finished);
  wait(status);
}

void MariaDbQtDriver::stop() {
  ++stops_;
  resume_ = nullptr;
  finished_ = nullptr;
  timer_.stop();
  for (auto* notifier : {&read_, &write_, &except_}) {
    if (*notifier) (*notifier)->setEnabled(false);
  }
}

void MariaDbQtDriver::wait(int status) {
  if (status == 0) {
    resume_ = nullptr;
    // Queued: the caller's callback must not run inside run() or a notifier's activation.
    // A stop() before it runs cancels it too.
    QMetaObject::invokeMethod(
        &guard_,
        [this, stops = stops_, finished = std::exchange(finished_, nullptr)] {
          if (stops == stops_) finished();
        },
        Qt::QueuedConnection);
    return;
  }
  const int fd = static_cast<int>(mysql_get_socket(connection_));
  if (fd != fd_) {
    // A new socket (the connect made it): the old notifiers are deleted later, since we may be
    // inside one's activation.
    for (auto* notifier : {&read_, &write_, &except_}) {
      if (*notifier) notifier->release()->deleteLater();
    }
    fd_ = fd;
  }
  watch(read_, QSocketNotifier::Read, MYSQL_WAIT_READ, status & MYSQL_WAIT_READ);
  watch(write_, QSocketNotifier::Write, MYSQL_WAIT_WRITE, status & MYSQL_WAIT_WRITE);
  watch(except_, QSocketNotifier::Exception, MYSQL_WAIT_EXCEPT, status & MYSQL_WAIT_EXCEPT);
  if (status & MYSQL_WAIT_TIMEOUT) {
    timer_.start(static_cast<int>(mysql_get_timeout_value_ms(connection_)));
  }
}

void MariaDbQtDriver::watch(std::unique_ptr<QSocketNotifier>& notifier, int type, int event,
                            bool wanted) {
  if (!wanted || fd_ < 0) {
    if (notifier) notifier->setEnabled(false);
    return;
  }
  if (!notifier) {
    notifier = std::make_unique<QSocketNotifier>(fd_, static_cast<QSocketNotifier::Type>(type));
    QObject::connect(notifier.get(), &QSocketNotifier::activated, &guard_,
                     [this, event] { onEvents(event); });
  }
  notifier->setEnabled(true);
}

void MariaDbQtDriver::onEvents(int events) {
  if (!resume_) return;  // stopped
  timer_.stop();
  for (auto* notifier : {&read_, &write_, &except_}) {
    if (*notifier) (*notifier)->setEnabled(false);
  }
  wait(resume_(events));
}

}  // namespace lockscope::live::database
