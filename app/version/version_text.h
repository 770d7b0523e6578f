// What `--version` prints, the same for lockscope and lockscope-cli: the program and the
// project's version on the first line, then one line for each library whose version changes what
// a run can do (Qt at run time, the ZooKeeper C client and hiredis the live backends speak
// through).
#pragma once

#include <QString>

namespace lockscope::version {

// "PROGRAM 0.1.0\nQt 6.4.2\nZooKeeper C client 3.8.0\nhiredis 0.14.1\n"
QString versionText(const QString& program);

}  // namespace lockscope::version
