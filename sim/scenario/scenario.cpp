#include "scenario.h"

#include <sstream>

namespace lockscope::scenario {

std::string Expectation::describe() const {
  if (isInvariant) return name + ": " + (mustHold ? "holds" : "violated");
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text << name << " " << comparison << " " << bound;
  return text.str();
}

std::vector<Scenario::TextField> Scenario::texts() const {
  std::vector<TextField> fields{{"title", &title}};
  if (!summary.en.empty()) fields.push_back({"summary", &summary});
  if (!liveOnly.en.empty()) fields.push_back({"live_only", &liveOnly});
  if (challenge) fields.push_back({"challenge.goal", &challenge->goal});
  for (size_t index = 0; index < narration.size(); ++index) {
    const std::string step = "narration[" + std::to_string(index) + "]";
    fields.push_back({step + ".text", &narration[index].text});
    if (const auto& question = narration[index].question) {
      fields.push_back({step + ".question.ask", &question->ask});
      for (size_t answer = 0; answer < question->answers.size(); ++answer) {
        fields.push_back({step + ".question.answers[" + std::to_string(answer) + "]",
                          &question->answers[answer]});
      }
    }
  }
  return fields;
}

}  // namespace lockscope::scenario
