#include "lesson_order.h"

#include <QFileInfo>
#include <iterator>
#include <span>
#include <string_view>
#include <tuple>

namespace lockscope::gui {
namespace {

// The teaching order of design.md, section 2: the recipe and its failure modes, then its
// variants (Curator's locks), then what no lock service prevents (pauses, fencing).
constexpr std::string_view kZooKeeper[] = {"herd-naive",
                                           "herd-chained",
                                           "crash-holder",
                                           "persistent-deadlock",
                                           "no-recheck",
                                           "lost-watch-race",
                                           "lost-watch-fixed",
                                           "leaked-watch-exists",
                                           "leaked-watch-getdata",
                                           "lost-create-reply-no-guid",
                                           "lost-create-reply-guid",
                                           "timed-acquire",
                                           "reentrancy",
                                           "semaphore-mutex-self-block",
                                           "read-write-lock",
                                           "read-write-downgrade",
                                           "multilock-partial",
                                           "revocation",
                                           "nonfair-herd",
                                           "paused-holder",
                                           "paused-holder-fenced"};
// SETNX and its fixes, pauses and leases, failover and restarts, then Redlock.
constexpr std::string_view kRedis[] = {"setnx-crash-before-expire",
                                       "crash-with-ttl",
                                       "unsafe-del",
                                       "reentrancy",
                                       "paused-holder",
                                       "paused-holder-fenced",
                                       "watchdog-slow-holder",
                                       "watchdog-starved",
                                       "failover-async-replication",
                                       "restart-no-persistence",
                                       "restart-fsync-every-second",
                                       "restart-fsync-always",
                                       "restart-delayed",
                                       "redlock-happy-path",
                                       "redlock-two-down",
                                       "redlock-three-down",
                                       "redlock-split-vote",
                                       "redlock-slow-acquisition",
                                       "redlock-pause-caught",
                                       "redlock-pause-buffered-replies",
                                       "redlock-clock-jump"};

// The seeds' database locks in their order (the lock table and its fixes, optimistic, then
// pessimistic), then what the servers do differently, then sessions as leases, and last the
// seeds' comparison of the services: the same clients beside ZooKeeper and Redis.
constexpr std::string_view kDatabase[] = {"crashed-holder-lock-row",
                                          "lease-paused-holder",
                                          "lease-skewed-clock",
                                          "lease-fenced",
                                          "blind-update",
                                          "optimistic-version",
                                          "autocommit-for-update",
                                          "for-update-queue",
                                          "job-queue-skip-locked",
                                          "deadlock-postgresql",
                                          "deadlock-mariadb",
                                          "innodb-lock-wait-timeout",
                                          "gap-lock-postgresql",
                                          "gap-lock-mariadb",
                                          "advisory-lock-crash",
                                          "paused-open-transaction",
                                          "crashed-holder-vs-zookeeper",
                                          "paused-transaction-vs-redis"};

struct Course {
  std::string_view folder;
  std::span<const std::string_view> lessons;
};
constexpr Course kCourse[] = {
    {"zookeeper", kZooKeeper}, {"redis", kRedis}, {"database", kDatabase}};

QLatin1String latin(std::string_view text) {
  return QLatin1String(text.data(), static_cast<qsizetype>(text.size()));
}

// The sort key: the folder's place in the course (then, for the others, its name), the lesson's
// place in its folder (past the end for one the course does not name), then the path.
std::tuple<size_t, QString, size_t, QString> rank(const QString& path) {
  const QFileInfo file(path);
  const QString folder = file.path(), name = file.completeBaseName();
  for (size_t group = 0; group < std::size(kCourse); ++group) {
    if (folder != latin(kCourse[group].folder)) continue;
    const auto& lessons = kCourse[group].lessons;
    size_t position = 0;
    while (position < lessons.size() && name != latin(lessons[position])) ++position;
    return {group, QString(), position, path};
  }
  return {std::size(kCourse), folder, 0, path};
}

}  // namespace

bool lessonBefore(const QString& a, const QString& b) { return rank(a) < rank(b); }

}  // namespace lockscope::gui
