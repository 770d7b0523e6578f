// The order of the lesson browser: the course, not the file names. ZooKeeper first, in the order
// it is taught (the herd, then the chain that avoids it, then what breaks it), then Redis (SETNX
// to Redlock), then any other folder by name. A file the course does not name comes after those
// it does in its folder, by name, so a teacher's own lesson is listed all the same.
#pragma once

#include <QString>

namespace lockscope::gui {

// Whether the lesson at `a` comes before the one at `b` (paths relative to the lessons folder,
// "zookeeper/herd-naive.yaml").
bool lessonBefore(const QString& a, const QString& b);

}  // namespace lockscope::gui
