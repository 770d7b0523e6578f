#include "narration_question.h"

namespace lockscope::scenario {
namespace {

// Two answers make a question; more than four do not fit a projector's narration panel, nor a
// class's attention.
constexpr size_t kMinAnswers = 2;
constexpr size_t kMaxAnswers = 4;

}  // namespace

NarrationQuestion readNarrationQuestion(const YamlReader& reader, const YAML::Node& node,
                                        const std::string& path) {
  reader.requireMap(node, path);
  reader.requireKeys(node, path, {"ask", "answers", "right"});
  for (const char* key : {"ask", "answers", "right"}) {
    if (!node[key]) reader.fail(node, path, std::string("a question needs '") + key + "'");
  }
  NarrationQuestion question;
  question.location = reader.locate(node, path);
  question.ask = reader.localizedText(node["ask"], path + ".ask");
  const YAML::Node answers = node["answers"];
  const std::string answersPath = path + ".answers";
  reader.requireList(answers, answersPath);
  if (answers.size() < kMinAnswers || answers.size() > kMaxAnswers) {
    reader.fail(answers, answersPath,
                "expected 2 to 4 answers, found " + std::to_string(answers.size()));
  }
  for (size_t index = 0; index < answers.size(); ++index) {
    question.answers.push_back(
        reader.localizedText(answers[index], answersPath + "[" + std::to_string(index) + "]"));
  }
  const auto right = reader.integer(node["right"], path + ".right", 1,
                                    static_cast<int64_t>(question.answers.size()));
  question.right = static_cast<size_t>(right - 1);
  return question;
}

}  // namespace lockscope::scenario
