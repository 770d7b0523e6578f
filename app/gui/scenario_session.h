// One job: the scenario a simulation runs - the file's text as loaded and configured, the
// scenario parsed from exactly that text, and the faults clicked since. Every change goes
// through apply(), which parses the new text before anything is kept: the text Record writes
// and the scenario the run was recorded from cannot drift apart (they used to be edited side by
// side, and a live run that failed left the one changed and the other not).
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QUrl>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/scenario.h"

namespace lockscope::gui {

class ScenarioSession : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(QString file READ file NOTIFY changed)
  // The faults clicked so far, one line each ("12.500 ms: crash c3"), and joined for the status
  // line.
  Q_PROPERTY(QStringList manualFaults READ manualFaults NOTIFY changed)
  Q_PROPERTY(QString faultSummary READ faultSummary NOTIFY changed)
  // The recipe the lesson asks to be compared with (`compare_with:`); empty: none.
  Q_PROPERTY(QString compareWith READ compareWith NOTIFY changed)

 public:
  // Records a scenario (the clicked faults in it) and shows the run; false when it could not
  // even be started. `keepCursor`: the same lesson changed, so the cursor stays where it was.
  using Recorder =
      std::function<bool(const scenario::Scenario& scenario, const QString& file, bool keepCursor)>;

  explicit ScenarioSession(Recorder recorder, QObject* parent = nullptr);

  // Loads a scenario file; on failure keeps the current one and reports the loader's one-line
  // "file:line:col: what was expected".
  Q_INVOKABLE bool load(const QString& path);
  // The same scenario under another recipe, seed, client count or one-way latency in ms ("2" or
  // "1, 5"; empty/0: unchanged). Save As (Record) writes what was configured.
  Q_INVOKABLE bool configure(const QString& recipe, const QString& seed, int clients,
                             const QString& latencyMs = QString());
  Q_INVOKABLE bool undoLastFault();
  // Writes the scenario with the clicked faults (Record) or as configured (Save As).
  Q_INVOKABLE bool saveRecording(const QString& path);
  Q_INVOKABLE QString recordingText() const;
  // A file dialog's URL as a path the loader and writers take.
  Q_INVOKABLE QString localFile(const QUrl& url) const { return url.toLocalFile(); }

  // A fault clicked at the cursor: the run is recorded again with it.
  bool addFault(const scenario::Fault& fault);
  // The run again, unchanged (another backend was chosen).
  bool rerecord(bool keepCursor);
  // Compare mode: `leader`'s scenario, seed and clicked faults under `recipe`. A recipe of
  // another service plays the leader's client plan on that service's model, its settings at
  // their defaults (scenario/service_counterpart.h); followNotes() names the faults left out.
  bool follow(const ScenarioSession& leader, const std::string& recipe);
  // What following left out of the leader's run, one line each (empty on the leader's service).
  const std::vector<std::string>& followNotes() const { return followNotes_; }

  QString file() const { return file_; }
  QStringList manualFaults() const;
  QString faultSummary() const { return manualFaults().join(QStringLiteral(", ")); }
  QString compareWith() const { return QString::fromStdString(asLoaded_.compareWith); }
  // As loaded and configured, without the clicked faults.
  const scenario::Scenario& scenario() const { return base_; }
  // The file's text as configured (without the clicked faults): a challenge's setup is compared
  // with its original on this.
  const std::string& text() const { return text_; }
  // The recipe, seed, client count or latency differ from the lesson file's (configure, or a
  // follower's recipe): its expectations were not written for this run.
  bool settingsChanged() const;

 signals:
  void changed();
  // A lesson file was loaded and its run is shown (the window opens compare mode if it asks).
  void lessonLoaded();
  // Empty: the last thing done worked (the error line is cleared).
  void errorOccurred(const QString& error);

 private:
  struct Edit {
    QString file;
    std::string text;
    std::vector<scenario::Fault> clicked;
    bool keepCursor = true;
    bool newLesson = false;                      // the text is a lesson as its author wrote it
    std::optional<scenario::Scenario> asLoaded;  // compare mode: the leader's lesson
    // Faults name clients; a configuration that drops a client drops its faults.
    bool dropFaultsOfGoneClients = false;
    // Compare mode across services: the scenario, built from the leader's rather than parsed
    // from `text` (the leader's, kept only to say where it came from: a follower is never
    // recorded to a file), and what building it left out.
    std::optional<scenario::Scenario> built;
    std::vector<std::string> notes;
  };
  // The one place an edit is kept: the text is parsed, and only if it loads do the text, the
  // scenario parsed from it and the clicked faults change, together; then the run is recorded.
  bool apply(Edit edit);
  scenario::Scenario withClickedFaults() const;

  Recorder recorder_;
  // What the session is: kept whole so that an edit whose run could not be made (the model
  // failed, or a run is still being made) leaves the session as the run shown.
  struct State {
    bool loaded = false;
    QString file;
    std::string text;             // the scenario file's text as configured, for Record and Save As
    scenario::Scenario base;      // parsed from text
    scenario::Scenario asLoaded;  // as loaded: what the lesson's expectations were written for
    std::vector<scenario::Fault> clicked;
    std::vector<std::string> followNotes;
  };
  State state_;
  bool& loaded_ = state_.loaded;
  QString& file_ = state_.file;
  std::string& text_ = state_.text;
  scenario::Scenario& base_ = state_.base;
  scenario::Scenario& asLoaded_ = state_.asLoaded;
  std::vector<scenario::Fault>& clicked_ = state_.clicked;
  std::vector<std::string>& followNotes_ = state_.followNotes;
};

}  // namespace lockscope::gui
