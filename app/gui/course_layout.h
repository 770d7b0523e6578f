// Where each lesson of a folder goes in the lesson browser: the folder's course (course.yaml,
// sim/scenario/course.h) gives chapters, numbers ("3.2") and goals; a lesson the course does not
// list goes to a last group, "More lessons". A folder without a course file (a teacher's own) is
// listed by folder, then name, without numbers; so is one whose course does not load, and the
// browser shows why.
#pragma once

#include <QString>
#include <map>
#include <vector>

#include "sim/scenario/course.h"

namespace lockscope::gui {

struct LessonPlace {
  int chapter = -1;  // index into chapters(); -1: not in the course
  int order = 0;     // the lesson's position in the whole course
  QString number;    // "3.2", "A.4"; empty outside the course
  scenario::LocalizedText goal;
};

class CourseLayout {
 public:
  // Reads `folder`/course.yaml, if there is one.
  static CourseLayout read(const QString& folder);

  bool hasCourse() const { return !chapters_.empty(); }
  // The course file's one-line error when it did not load; empty otherwise.
  const QString& error() const { return error_; }
  const std::vector<scenario::CourseChapter>& chapters() const { return chapters_; }
  // The place of a lesson, by its path relative to the folder ("redis/unsafe-del.yaml").
  LessonPlace place(const QString& relativePath) const;

 private:
  std::vector<scenario::CourseChapter> chapters_;
  std::map<QString, LessonPlace> places_;
  QString error_;
};

}  // namespace lockscope::gui
