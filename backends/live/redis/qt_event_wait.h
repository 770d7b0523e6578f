// The real-time driver's wait for a live Redis run: Qt's event loop runs (hiredis' sockets are
// read in it, and their replies posted to the inbox) until work is in the inbox or the time
// point passed.
#pragma once

#include "backends/live/real_time_driver.h"

namespace lockscope::live::redis {

RealTimeDriver::Wait waitInQtEventLoop(WorldInbox& inbox);

}  // namespace lockscope::live::redis
