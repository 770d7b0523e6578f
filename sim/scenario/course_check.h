// Whether a course and its folder agree: every lesson the course lists exists and loads, and
// every lesson file in the folder (recursively, *.yaml and *.yml, course files aside) is listed.
// `lockscope-cli check course.yaml` reports these; the lesson browser tolerates them (a lesson
// the course misses goes to "More lessons", a listed file that is gone is left out).
#pragma once

#include <string>
#include <vector>

#include "course.h"

namespace lockscope::scenario {

// One line per problem ("course.yaml:12:13: ..."), in the course's order, then the unlisted files
// by name; empty when the two agree. `courseFile` is the course's path, the folder its parent.
std::vector<std::string> checkCourseFolder(const Course& course, const std::string& courseFile);

// Every lesson file below `folder`, relative to it with '/' separators, sorted.
std::vector<std::string> lessonFilesUnder(const std::string& folder);

}  // namespace lockscope::scenario
