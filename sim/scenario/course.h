// The course: the lessons of a folder in teaching order, by chapter (docs/scenario-format.md,
// "The course"). A folder's course is its top-level `course.yaml`; the file is recognised by that
// name alone, so `check` and the lesson browser never mistake it for a lesson, nor a lesson for
// it. Reading validates the file's shape (every key, every text in English and Chinese on one
// line, no lesson listed twice); course_check.h compares it with the lessons on disk.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "localized_text.h"
#include "source_location.h"

namespace lockscope::scenario {

inline constexpr std::string_view kCourseFileName = "course.yaml";

struct CourseLesson {
  std::string file;  // relative to the course's folder: "zookeeper/herd-naive.yaml"
  LocalizedText goal;
  SourceLocation location;  // of the file's name, for errors about it
};

struct CourseChapter {
  std::string number;  // "1", "2", ... by place; an appendix is lettered "A", "B", ...
  LocalizedText title, goal;
  std::vector<CourseLesson> lessons;
  SourceLocation location;
};

struct Course {
  std::vector<CourseChapter> chapters;
  SourceLocation location;  // of `chapters:`, for lessons the course leaves out
};

struct CourseLoadResult {
  std::optional<Course> course;
  std::string error;  // one line, "file:line:col: what was expected"; set when course is empty
};

// Whether `path` names a course file (its file name is course.yaml).
bool isCourseFile(const std::string& path);

CourseLoadResult loadCourseFile(const std::string& path);
// The same from text, reported under `name` (tests, fuzzing).
CourseLoadResult loadCourseText(const std::string& text, const std::string& name);

}  // namespace lockscope::scenario
