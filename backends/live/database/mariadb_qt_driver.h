// Drives MariaDB Connector/C's non-blocking calls on Qt's event loop (QtCore only), as
// HiredisQtAdapter does for hiredis: no thread per connection.
//
// A non-blocking call is a `..._start` that returns 0 when it finished or a mask of what it waits
// for (MYSQL_WAIT_READ, _WRITE, _EXCEPT, _TIMEOUT), then `..._cont(events)` until it returns 0.
// We watch the connection's socket with a QSocketNotifier per wanted direction and a single-shot
// QTimer for MYSQL_WAIT_TIMEOUT (Connector/C's own connect and read timeouts), and call the
// continuation with what happened. Everything runs on the thread that owns the driver.
#pragma once

#include <QObject>
#include <QSocketNotifier>
#include <QTimer>
#include <cstdint>
#include <functional>
#include <memory>

typedef struct st_mysql MYSQL;

namespace lockscope::live::database {

class MariaDbQtDriver {
 public:
  // Not copied nor moved (its QObjects are not): the notifiers' slots hold `this`.
  explicit MariaDbQtDriver(MYSQL* connection);

  // `status`: what the `..._start` call returned; `resume(events)` calls the matching `..._cont`
  // and returns its status. `finished` runs once a status is 0, always from a queued event of its
  // own (never inside run(), never inside a notifier's activation), so it may destroy the driver.
  // One call at a time.
  void run(int status, std::function<int(int)> resume, std::function<void()> finished);
  // Watches nothing more and forgets the call in progress: its `finished` never runs, also when
  // it was due already.
  void stop();

 private:
  void wait(int status);
  void onEvents(int events);
  void watch(std::unique_ptr<QSocketNotifier>& notifier, int type, int event, bool wanted);

  MYSQL* connection_;
  std::function<int(int)> resume_;
  std::function<void()> finished_;
  int fd_ = -1;
  uint64_t stops_ = 0;  // stop() calls: a queued `finished` from before one is dropped
  std::unique_ptr<QSocketNotifier> read_;
  std::unique_ptr<QSocketNotifier> write_;
  std::unique_ptr<QSocketNotifier> except_;
  QTimer timer_;
  QObject guard_;  // context of queued completions: they die with the driver
};

}  // namespace lockscope::live::database
