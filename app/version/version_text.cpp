#include "version_text.h"

#include <hiredis/hiredis.h>
#include <zookeeper/zookeeper_version.h>

#include <QtGlobal>

#include "lockscope_version.h"

namespace lockscope::version {

QString versionText(const QString& program) {
  // qVersion() is the Qt loaded now, which a bug report needs (it may differ from the headers').
  // The C clients offer no call for their version: theirs are the headers' this was built with,
  // and Debian's packages keep a header and its library in step.
  return QStringLiteral("%1 %2\nQt %3\nZooKeeper C client %4\nhiredis %5.%6.%7\n")
      .arg(program, QStringLiteral(LOCKSCOPE_VERSION), QString::fromLatin1(qVersion()),
           QStringLiteral(ZOO_VERSION))
      .arg(HIREDIS_MAJOR)
      .arg(HIREDIS_MINOR)
      .arg(HIREDIS_PATCH);
}

}  // namespace lockscope::version
