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
  for (size_t index = 0; index < narration.size(); ++index)
    fields.push_back({"narration[" + std::to_string(index) + "].text", &narration[index].text});
  return fields;
}

}  // namespace lockscope::scenario
