#include "explorer_runner.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <memory>

#include "backends/model_runner.h"
#include "scenario_session.h"
#include "sim/explore/exploration.h"
#include "sim/scenario/scenario_loader.h"
#include "sim/trace/atomic_file.h"

namespace lockscope::gui {
namespace {

// found/NAME-found.yaml under the app's data folder, or NAME-found-2.yaml, ... when taken.
QString freshFoundPath(const QString& lessonFile) {
  const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
                         "/found";
  QDir().mkpath(folder);
  const QString name = QFileInfo(lessonFile).completeBaseName();
  QString path = folder + "/" + name + "-found.yaml";
  for (int copy = 2; QFileInfo::exists(path); ++copy)
    path = folder + "/" + name + "-found-" + QString::number(copy) + ".yaml";
  return path;
}

// What the worker hands back: a counterexample's text and one line about it, or why not.
struct Outcome {
  std::string lessonText;  // empty: nothing found (or cancelled, or failed)
  QString line;
  bool failed = false;
};

Outcome explore(const std::string& text, const QString& file, std::atomic<bool>& cancelled,
                std::atomic<uint64_t>& runs) {
  scenario::LoadResult loaded = scenario::loadScenarioText(text, file.toStdString());
  if (!loaded.scenario) return {{}, QString::fromStdString(loaded.error), true};
  scenario::Scenario lesson = std::move(*loaded.scenario);
  lesson.faults.clear();
  explore::ExplorationRequest request;
  request.search.budget = explore::defaultFaultBudget(lesson);
  request.search.runs = ExplorerRunner::kRuns;
  request.search.keepGoing = [&](uint64_t made) {
    runs = made;
    return !cancelled.load();
  };
  request.lessonText = text;
  request.command = "Lockscope's Break it on " + file.toStdString() + " (as configured), faults " +
                    request.search.budget.describe() + ", explorer seed 1";
  request.lessonFaultsDropped = true;
  Result<explore::Exploration> explored = explore::exploreLesson(lesson, request,
                                                                 backends::modelRunner());
  if (!explored) return {{}, QString::fromStdString(explored.message()), true};
  const explore::SearchResult& search = explored->search;
  if (search.cancelled)
    return {{},
            QCoreApplication::translate("lockscope::gui::ExplorerRunner", "stopped after %1 runs")
                .arg(search.runs),
            false};
  if (!explored->shrunk) {
    return {{},
            QCoreApplication::translate("lockscope::gui::ExplorerRunner",
                                        "no violation within %1 runs (faults %2)")
                .arg(search.runs)
                .arg(QString::fromStdString(request.search.budget.describe())),
            false};
  }
  const explore::Shrunk& shrunk = *explored->shrunk;
  QString faults;
  for (const explore::AddedFault& added : shrunk.candidate.faults)
    faults += (faults.isEmpty() ? "" : ", ") + QString::fromStdString(explore::describe(added));
  return {explored->lessonText,
          QCoreApplication::translate("lockscope::gui::ExplorerRunner",
                                      "found %1 in run %2, shrunk to %3 clients%4")
              .arg(QString::fromStdString(shrunk.violation.kind))
              .arg(search.found->run)
              .arg(shrunk.candidate.clients)
              .arg(faults.isEmpty() ? QString() : ", " + faults),
          false};
}

}  // namespace

ExplorerRunner::ExplorerRunner(ScenarioSession& session, QObject* parent)
    : QObject(parent), session_(session) {
  progress_.setInterval(100);
  connect(&progress_, &QTimer::timeout, this,
          [this] { setStatus(tr("searching: run %1 of %2 …").arg(runs_.load()).arg(kRuns)); });
}

ExplorerRunner::~ExplorerRunner() {
  cancelled_ = true;
  if (worker_) worker_->wait();
}

void ExplorerRunner::start() {
  if (worker_) return;
  cancelled_ = false;
  runs_ = 0;
  const std::string text = session_.recordingText().toStdString();
  const QString file = session_.file();
  auto outcome = std::make_shared<Outcome>();
  worker_ = QThread::create([this, text, file, outcome] {
    // An exception must not leave a worker thread (std::terminate): it is the status instead.
    try {
      *outcome = explore(text, file, cancelled_, runs_);
    } catch (const std::exception& failure) {
      *outcome = {
          {},
          QCoreApplication::translate("lockscope::gui::ExplorerRunner", "the search failed: %1")
              .arg(QString::fromLocal8Bit(failure.what())),
          true};
    }
  });
  connect(worker_, &QThread::finished, this, [this, file, outcome] {
    worker_->deleteLater();
    worker_ = nullptr;
    progress_.stop();
    if (outcome->failed) emit errorOccurred(file + ": " + outcome->line);
    if (outcome->lessonText.empty()) {
      setStatus(outcome->line);
      return;
    }
    const QString path = freshFoundPath(file);
    sim::AtomicFile written(path.toStdString());
    Status status = written.open();
    if (status.ok()) {
      std::fwrite(outcome->lessonText.data(), 1, outcome->lessonText.size(), written.stream());
      status = written.commit();
    }
    if (!status.ok()) {
      setStatus(outcome->line);
      emit errorOccurred(
          tr("cannot write the found lesson: %1").arg(QString::fromStdString(status.message())));
      return;
    }
    foundFile_ = path;
    setStatus(tr("%1 · opened %2").arg(outcome->line, path));
    session_.load(path);
  });
  setStatus(tr("searching …"));
  progress_.start();
  worker_->start();
}

void ExplorerRunner::cancel() { cancelled_ = true; }

void ExplorerRunner::setStatus(const QString& status) {
  status_ = status;
  emit changed();
}

}  // namespace lockscope::gui
