#include "course_check.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "scenario_loader.h"

namespace lockscope::scenario {

std::vector<std::string> lessonFilesUnder(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code error;
  namespace fs = std::filesystem;
  // A folder that cannot be read lists nothing: the course's own entries then say what is missing.
  for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
       it.increment(error)) {
    const fs::path& path = it->path();
    const std::string extension = path.extension().string();
    if (!it->is_regular_file(error) || (extension != ".yaml" && extension != ".yml")) continue;
    if (isCourseFile(path.string())) continue;
    files.push_back(path.lexically_relative(folder).generic_string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> checkCourseFolder(const Course& course, const std::string& courseFile) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::path(courseFile).parent_path();
  std::vector<std::string> problems;
  std::set<std::string> listed;
  for (const CourseChapter& chapter : course.chapters) {
    for (const CourseLesson& lesson : chapter.lessons) {
      const fs::path path = folder / lesson.file;
      listed.insert(fs::path(lesson.file).lexically_normal().generic_string());
      const std::string where = lesson.location.describe() + ": ";
      std::error_code error;
      if (!fs::is_regular_file(path, error)) {
        problems.push_back(where + "expected a lesson file at '" + lesson.file +
                           "' (relative to the course's folder); there is none");
        continue;
      }
      const LoadResult loaded = loadScenarioFile(path.string());
      if (!loaded.scenario) {
        problems.push_back(where + "expected '" + lesson.file + "' to load as a lesson; " +
                           loaded.error);
      }
    }
  }
  for (const std::string& file : lessonFilesUnder(folder.empty() ? "." : folder.string())) {
    if (listed.count(file) == 0) {
      problems.push_back(course.location.describe() +
                         ": expected every lesson of the folder in a " + "chapter; '" + file +
                         "' is in none");
    }
  }
  return problems;
}

}  // namespace lockscope::scenario
