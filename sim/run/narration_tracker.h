// Finds when each narration step of a scenario happens in a run: at its time, or at the first
// trace event that matches its trigger ("c1 crashed", "any released"). The GUI shows the text at
// that moment; `lockscope-cli run` prints the story.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/scenario.h"
#include "sim/trace/trace.h"

namespace lockscope::run {

struct NarrationMoment {
  sim::Micros time = 0;
  scenario::LocalizedText text;  // whoever shows it picks the language
  bool pause = false;
  size_t step = 0;                                      // its index in the scenario's narration
  std::optional<scenario::NarrationQuestion> question;  // asked at this pause
};

class NarrationTracker final : public sim::TraceSink {
 public:
  // Times in `steps` are relative to `origin` (when the clients start).
  NarrationTracker(const std::vector<scenario::NarrationStep>& steps, sim::Micros origin);
  void onEvent(const sim::TraceEvent& event) override;
  void setOrigin(sim::Micros origin) { origin_ = origin; }

  // Every step that happened, in time order (ties in scenario order).
  std::vector<NarrationMoment> moments() const;

 private:
  const std::vector<scenario::NarrationStep>& steps_;
  sim::Micros origin_;
  std::vector<std::optional<sim::Micros>> firedAt_;
};

}  // namespace lockscope::run
