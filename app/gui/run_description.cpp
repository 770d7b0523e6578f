#include "run_description.h"

#include <array>

#include "lesson_text.h"
#include "sim/recipes/lock_recipe.h"

namespace lockscope::gui {

void RunDescription::reset(const RunTimeline* timeline) {
  timeline_ = timeline;
  std::array<bool, sim::kTraceKindCount> present{};
  for (const StoredEvent& event : timeline_->trace().events())
    present[static_cast<size_t>(event.kind)] = true;
  kindChoices_ = QStringList{tr("all kinds")};
  for (size_t kind = 0; kind < present.size(); ++kind) {
    if (present[kind])
      kindChoices_ << QLatin1String(sim::traceKindName(static_cast<sim::TraceKind>(kind)));
  }
}

void RunDescription::retranslate() {
  kindChoices_[0] = tr("all kinds");
  emit changed();
}

QString RunDescription::title() const {
  return timeline_ ? lessonText(timeline_->scenario().title) : QString();
}
QString RunDescription::summary() const {
  return timeline_ ? lessonText(timeline_->scenario().summary) : QString();
}
QString RunDescription::recipe() const {
  return timeline_ ? QString::fromStdString(timeline_->scenario().recipe) : QString();
}
QStringList RunDescription::recipeNames() const {
  QStringList names;
  const auto* current = timeline_ ? recipes::findRecipe(timeline_->scenario().recipe) : nullptr;
  for (const auto& recipe : recipes::recipeCatalog()) {
    if (current && recipe.backend != current->backend) continue;
    names << QString::fromUtf8(recipe.name.data(), static_cast<qsizetype>(recipe.name.size()));
  }
  return names;
}
QString RunDescription::seed() const {
  return timeline_ ? QString::number(timeline_->scenario().seed) : QString();
}
int RunDescription::clientCount() const {
  return timeline_ ? static_cast<int>(timeline_->cast().size()) : 0;
}
QStringList RunDescription::clientNames() const {
  QStringList names;
  if (timeline_) {
    for (const auto& name : timeline_->cast().names()) names << QString::fromStdString(name);
  }
  return names;
}
QString RunDescription::latencyMs() const {
  if (!timeline_) return {};
  const auto& latency = timeline_->scenario().latency;
  const auto low = static_cast<double>(latency.low) / 1000.0,
             high = static_cast<double>(latency.high) / 1000.0;
  return low == high ? QString::number(low) : QStringLiteral("%1, %2").arg(low).arg(high);
}

}  // namespace lockscope::gui
