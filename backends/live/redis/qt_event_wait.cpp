#include "qt_event_wait.h"

#include <QEventLoop>
#include <QTimer>

namespace lockscope::live::redis {

RealTimeDriver::Wait waitInQtEventLoop(WorldInbox& inbox) {
  return [&inbox](WorldInbox::Clock::time_point until) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(until -
                                                                   WorldInbox::Clock::now());
    if (left.count() <= 0 || inbox.hasWork()) return;
    // The timer only wakes the loop; each pass handles at least one event (a socket, a queued
    // answer, this timer) and then we look whether it brought work for the world.
    bool due = false;
    QTimer timer;
    timer.setSingleShot(true);
    timer.setTimerType(Qt::PreciseTimer);
    QObject::connect(&timer, &QTimer::timeout, [&due] { due = true; });
    timer.start(left);
    QEventLoop loop;
    while (!due && !inbox.hasWork()) loop.processEvents(QEventLoop::WaitForMoreEvents);
  };
}

}  // namespace lockscope::live::redis
