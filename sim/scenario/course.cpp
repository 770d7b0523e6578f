#include "course.h"

#include <filesystem>
#include <set>

#include "document_checks.h"
#include "yaml_reader.h"

namespace lockscope::scenario {
namespace {

// A course's texts are headings and one-line goals in a list: both languages are required (a
// chapter half in English would read as broken in the Chinese window), and a second line would
// be cut off by the browser's row.
LocalizedText courseText(const YamlReader& reader, const YAML::Node& parent, const char* key,
                         const std::string& parentPath) {
  const std::string path = parentPath + "." + key;
  const YAML::Node node = parent[key];
  if (!node) reader.fail(parent, parentPath, "expected '" + path + "': {en: ..., zh: ...}");
  const LocalizedText text = reader.localizedText(node, path);
  if (!node.IsMap() || !node["zh"]) {
    reader.fail(node, path, "expected '" + path + "' in English and Chinese: {en: ..., zh: ...}");
  }
  for (const auto& [language, value] : {std::pair{"en", &text.en}, std::pair{"zh", &text.zh}}) {
    const std::string where = path + "." + language;
    if (value->find_first_not_of(" \t") == std::string::npos)
      reader.fail(node[language], where, "expected text for '" + where + "', got nothing");
    if (value->find_first_of("\r\n") != std::string::npos)
      reader.fail(node[language], where, "expected one line for '" + where + "', got several");
  }
  return text;
}

// A lesson's path inside the course's folder: relative, forward slashes, a YAML file, never
// leaving the folder (a course is read from folders a teacher shares).
std::string lessonFile(const YamlReader& reader, const YAML::Node& parent,
                       const std::string& parentPath) {
  const std::string path = parentPath + ".file";
  const YAML::Node node = parent["file"];
  if (!node)
    reader.fail(parent, parentPath, "expected '" + path + "': a lesson file in this folder");
  const std::string file = reader.text(node, path);
  const std::filesystem::path relative(file);
  bool escapes = relative.is_absolute() || file.find('\\') != std::string::npos;
  for (const auto& part : relative) escapes |= part == "..";
  if (file.empty() || escapes) {
    reader.fail(
        node, path,
        "expected a path inside the course's folder for '" + path + "', got '" + file + "'");
  }
  const std::string extension = relative.extension().string();
  if (extension != ".yaml" && extension != ".yml")
    reader.fail(node, path,
                "expected a lesson file (*.yaml) for '" + path + "', got '" + file + "'");
  if (relative.filename() == kCourseFileName)
    reader.fail(node, path, "expected a lesson for '" + path + "', got the course file");
  return file;
}

std::string chapterNumber(int chapter, int appendix, bool isAppendix) {
  if (isAppendix) return std::string(1, static_cast<char>('A' + appendix % 26));
  return std::to_string(chapter + 1);
}

Course readCourse(const YamlReader& reader, const YAML::Node& root, const std::string& name) {
  if (!root.IsMap())
    throw ScenarioError(name + ":1:1: expected a course: a mapping with 'chapters:'");
  reader.requireKeys(root, "", {"chapters"});
  const YAML::Node chapters = root["chapters"];
  if (!chapters) throw ScenarioError(name + ":1:1: expected 'chapters:', a list of chapters");
  reader.requireList(chapters, "chapters");
  if (chapters.size() == 0) reader.fail(chapters, "chapters", "expected at least one chapter");
  Course course;
  course.location = reader.locate(chapters, "chapters");
  std::set<std::string> listed;
  int numbered = 0, appendices = 0;
  for (size_t c = 0; c < chapters.size(); ++c) {
    const YAML::Node node = chapters[c];
    const std::string path = "chapters[" + std::to_string(c) + "]";
    reader.requireKeys(node, path, {"title", "goal", "appendix", "lessons"});
    CourseChapter chapter;
    chapter.location = reader.locate(node, path);
    chapter.title = courseText(reader, node, "title", path);
    chapter.goal = courseText(reader, node, "goal", path);
    const bool appendix = node["appendix"] && reader.boolean(node["appendix"], path + ".appendix");
    chapter.number = chapterNumber(numbered, appendices, appendix);
    ++(appendix ? appendices : numbered);
    const YAML::Node lessons = node["lessons"];
    if (!lessons) reader.fail(node, path, "expected '" + path + ".lessons', a list of lessons");
    reader.requireList(lessons, path + ".lessons");
    if (lessons.size() == 0)
      reader.fail(lessons, path + ".lessons", "expected at least one lesson in a chapter");
    for (size_t l = 0; l < lessons.size(); ++l) {
      const std::string at = path + ".lessons[" + std::to_string(l) + "]";
      reader.requireKeys(lessons[l], at, {"file", "goal"});
      CourseLesson lesson;
      lesson.file = lessonFile(reader, lessons[l], at);
      lesson.location = reader.locate(lessons[l]["file"], at + ".file");
      if (!listed.insert(std::filesystem::path(lesson.file).lexically_normal().string()).second) {
        reader.fail(lessons[l]["file"], at + ".file",
                    "expected each lesson once; '" + lesson.file + "' is listed before");
      }
      lesson.goal = courseText(reader, lessons[l], "goal", at);
      chapter.lessons.push_back(std::move(lesson));
    }
    course.chapters.push_back(std::move(chapter));
  }
  return course;
}

}  // namespace

bool isCourseFile(const std::string& path) {
  return std::filesystem::path(path).filename() == kCourseFileName;
}

CourseLoadResult loadCourseFile(const std::string& path) {
  std::string text;
  try {
    text = readScenarioBytes(path);
  } catch (const ScenarioError& error) {
    return {std::nullopt, singleLine(error.what())};
  }
  return loadCourseText(text, path);
}

CourseLoadResult loadCourseText(const std::string& text, const std::string& name) {
  CourseLoadResult result;
  try {
    requireUtf8(text, name);
    const YAML::Node root = parseSingleDocument(text, name);
    requireUniqueKeys(root, name);
    const YamlReader reader(name, {});
    result.course = readCourse(reader, root, name);
  } catch (const YAML::ParserException& error) {
    result.error = name + ":" + std::to_string(error.mark.line + 1) + ":" +
                   std::to_string(error.mark.column + 1) + ": " + error.msg;
  } catch (const ScenarioError& error) {
    result.error = error.what();
  } catch (const YAML::Exception& error) {
    result.error = name + ": " + error.msg;
  }
  result.error = singleLine(result.error);
  return result;
}

}  // namespace lockscope::scenario
