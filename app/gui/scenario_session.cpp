#include "scenario_session.h"

#include <QFile>
#include <QSaveFile>
#include <algorithm>

#include "core/recording_text.h"
#include "sim/scenario/scenario_loader.h"
#include "sim/scenario/scenario_patch.h"
#include "sim/scenario/service_counterpart.h"

namespace lockscope::gui {

ScenarioSession::ScenarioSession(Recorder recorder, QObject* parent)
    : QObject(parent), recorder_(std::move(recorder)) {}

bool ScenarioSession::apply(Edit edit) {
  std::optional<scenario::Scenario> parsed = std::move(edit.built);
  if (!parsed) {
    const auto loaded = scenario::loadScenarioText(edit.text, edit.file.toStdString());
    if (!loaded.scenario) {
      emit errorOccurred(QString::fromStdString(loaded.error));
      return false;
    }
    parsed = *loaded.scenario;
  }
  State before = state_;
  loaded_ = true;
  file_ = edit.file;
  text_ = std::move(edit.text);
  base_ = std::move(*parsed);
  followNotes_ = std::move(edit.notes);
  if (edit.newLesson) asLoaded_ = base_;
  if (edit.asLoaded) asLoaded_ = *edit.asLoaded;
  clicked_ = std::move(edit.clicked);
  if (edit.dropFaultsOfGoneClients) {
    std::erase_if(clicked_, [this](const scenario::Fault& fault) {
      return std::none_of(base_.clients.begin(), base_.clients.end(),
                          [&fault](const auto& client) { return client.name == fault.client; });
    });
  }
  emit changed();
  const bool recorded = recorder_(withClickedFaults(), file_, edit.keepCursor);
  if (!recorded) {
    state_ = std::move(before);
    emit changed();
    return false;
  }
  if (edit.newLesson) emit lessonLoaded();
  return true;
}

bool ScenarioSession::load(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    emit errorOccurred(tr("%1:1:1: cannot read the file: %2").arg(path, file.errorString()));
    return false;
  }
  return apply(
      {.file = path, .text = file.readAll().toStdString(), .keepCursor = false, .newLesson = true});
}

bool ScenarioSession::configure(const QString& recipe, const QString& seed, int clients,
                                const QString& latencyMs) {
  if (!loaded_) return false;
  std::string text = text_;
  if (!recipe.isEmpty()) text = scenario::setTopLevelKey(text, "recipe", recipe.toStdString());
  if (!seed.isEmpty()) text = scenario::setTopLevelKey(text, "seed", seed.toStdString());
  if (clients > 0) text = scenario::setTopLevelKey(text, "clients", std::to_string(clients));
  if (!latencyMs.trimmed().isEmpty()) {
    // `network` holds only the latency: its whole block is replaced by a one-line flow mapping.
    // One number is a fixed latency: [2, 2].
    const QString range = latencyMs.contains(QLatin1Char(','))
                              ? latencyMs.trimmed()
                              : latencyMs.trimmed() + QStringLiteral(", ") + latencyMs.trimmed();
    text = scenario::setTopLevelKey(text, "network", "{latency_ms: [" + range.toStdString() + "]}");
  }
  return apply({.file = file_,
                .text = std::move(text),
                .clicked = clicked_,
                .dropFaultsOfGoneClients = true});
}

bool ScenarioSession::follow(const ScenarioSession& leader, const std::string& recipe) {
  if (!leader.loaded_) return false;
  const recipes::RecipeDescription* description = recipes::findRecipe(recipe);
  if (description && description->backend != leader.base_.backend) {
    std::vector<std::string> notes;
    scenario::Scenario built = scenario::scenarioOnService(leader.base_, recipe, notes);
    std::vector<scenario::Fault> clicked = scenario::faultsOnService(leader.clicked_, built.backend,
                                                                     notes);
    return apply({.file = leader.file_,
                  .text = leader.text_,
                  .clicked = std::move(clicked),
                  .asLoaded = leader.asLoaded_,
                  .built = std::move(built),
                  .notes = std::move(notes)});
  }
  // The leader's text is its file as configured (seed, clients, latency); only the recipe differs.
  // Its compare_with names the follower's own recipe, which cannot be compared with itself: the
  // follower is the comparison, and has none of its own.
  std::string text = scenario::setTopLevelKey(
      scenario::removeTopLevelKey(leader.text_, "compare_with"), "recipe", recipe);
  text = scenario::setTopLevelKey(text, "seed", std::to_string(leader.base_.seed));
  return apply({.file = leader.file_,
                .text = std::move(text),
                .clicked = leader.clicked_,
                .asLoaded = leader.asLoaded_});
}

bool ScenarioSession::addFault(const scenario::Fault& fault) {
  std::vector<scenario::Fault> clicked = clicked_;
  clicked.push_back(fault);
  return apply({.file = file_, .text = text_, .clicked = std::move(clicked)});
}

bool ScenarioSession::undoLastFault() {
  if (clicked_.empty()) return false;
  std::vector<scenario::Fault> clicked(clicked_.begin(), clicked_.end() - 1);
  apply({.file = file_, .text = text_, .clicked = std::move(clicked)});
  return true;
}

bool ScenarioSession::rerecord(bool keepCursor) {
  return loaded_ && recorder_(withClickedFaults(), file_, keepCursor);
}

scenario::Scenario ScenarioSession::withClickedFaults() const {
  scenario::Scenario scenario = base_;
  scenario.faults.insert(scenario.faults.end(), clicked_.begin(), clicked_.end());
  return scenario;
}

bool ScenarioSession::settingsChanged() const {
  return base_.recipe != asLoaded_.recipe || base_.seed != asLoaded_.seed ||
         base_.clients.size() != asLoaded_.clients.size() ||
         base_.latency.low != asLoaded_.latency.low || base_.latency.high != asLoaded_.latency.high;
}

QStringList ScenarioSession::manualFaults() const {
  QStringList lines;
  for (const auto& fault : clicked_) {
    lines << QStringLiteral("%1 ms: %2 %3")
                 .arg(static_cast<double>(fault.at) / 1000.0, 0, 'f', 3)
                 .arg(QLatin1String(scenario::faultKindName(fault.kind)),
                      QString::fromStdString(fault.client));
  }
  return lines;
}

QString ScenarioSession::recordingText() const {
  return QString::fromStdString(
      gui::recordingText(text_, base_.faults, clicked_, base_.seed, "recording").text);
}

bool ScenarioSession::saveRecording(const QString& path) {
  if (!loaded_) return false;
  // Never write a file that would not load or would lose a fault: checked under the name it will
  // have.
  const RecordingText recording = gui::recordingText(text_, base_.faults, clicked_, base_.seed,
                                                     path.toStdString());
  if (!recording.error.empty()) {
    emit errorOccurred(QString::fromStdString(recording.error));
    return false;
  }
  const std::string& text = recording.text;
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) ||
      file.write(text.data(), static_cast<qint64>(text.size())) < 0 || !file.commit()) {
    emit errorOccurred(tr("%1: cannot write: %2").arg(path, file.errorString()));
    return false;
  }
  emit errorOccurred({});
  return true;
}

}  // namespace lockscope::gui
