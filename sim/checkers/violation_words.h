// What a reader is told each violation kind (run_verdict.h) means, in both of a lesson's
// languages: a found lesson's title (explore/found_lesson.h) and a challenge's grade
// (scenario/challenge_grade.h) say it the same way.
#pragma once

#include <string>
#include <string_view>

namespace lockscope::checkers {

struct ViolationWords {
  std::string_view kind, en, zh;
};

// One row per kind of run_verdict.h.
inline constexpr ViolationWords kViolationWords[] = {
    {"mutual_exclusion", "mutual exclusion is broken", "互斥被打破"},
    {"lost_update", "an update is lost", "一次更新丢失了"},
    {"fifo", "the lock is granted out of turn", "锁没有按排队顺序授予"},
    {"stuck", "a client is stuck", "有客户端卡住了"},
    {"deadlock", "the clients deadlock", "客户端陷入死锁"},
    {"leaked_watch", "a watch is leaked", "有 watch 泄漏了"},
    {"wait_cycle", "the database breaks a wait cycle", "数据库打破了一个等待环"},
};

// Null for a kind the table does not have.
inline const ViolationWords* violationWordsFor(std::string_view kind) {
  for (const ViolationWords& words : kViolationWords) {
    if (words.kind == kind) return &words;
  }
  return nullptr;
}

}  // namespace lockscope::checkers
