// One job: the playback cursor over a recorded run - a virtual time and how many trace events
// have happened by then, the stage as of that event, play/pause/step/seek/speed, and the
// narration at the cursor (playing stops at a "what happens next?" step).
//
// Playback never changes the run: the cursor only chooses how much of it is shown.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QTimer>
#include <QVariantList>
#include <set>

#include "core/run_timeline.h"
#include "core/stage_state.h"

namespace lockscope::gui {

class PlaybackController : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(double time READ time NOTIFY frameChanged)
  Q_PROPERTY(double origin READ origin NOTIFY runChanged)
  Q_PROPERTY(double endTime READ endTime NOTIFY runChanged)
  Q_PROPERTY(QString timeText READ timeText NOTIFY frameChanged)
  Q_PROPERTY(int eventIndex READ eventIndex NOTIFY frameChanged)
  Q_PROPERTY(int eventCount READ eventCount NOTIFY runChanged)
  Q_PROPERTY(bool playing READ playing WRITE setPlaying NOTIFY playingChanged)
  Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY speedChanged)
  // The speed as virtual time per real second: "20 ms/s", "1.5 s/s".
  Q_PROPERTY(QString speedText READ speedText NOTIFY speedChanged)
  // The time lens (core/time_lens.h): quiet stretches skipped, key moments slowed. On by default;
  // a lesson's `pacing:` may set it, Z toggles it.
  Q_PROPERTY(bool timeLens READ timeLens WRITE setTimeLens NOTIFY timeLensChanged)
  // What the lens is doing at the cursor ("slowed: 5 ms/s", "skipping: 1.3 s/s"; "" when it
  // plays at the chosen speed or is off), and while it skips a quiet stretch the countdown the
  // stage shows large ("c1's session: 1.3 s left", "quiet for 2.1 s").
  Q_PROPERTY(QString lensText READ lensText NOTIFY frameChanged)
  Q_PROPERTY(QString countdownText READ countdownText NOTIFY frameChanged)
  Q_PROPERTY(QString narration READ narration NOTIFY narrationChanged)
  Q_PROPERTY(bool waitingAtNarration READ waitingAtNarration NOTIFY narrationChanged)
  // Every narration step of the run as the panel shows it ({text, question, answers}): the panel
  // keeps the height of the tallest, so that it does not jump (and push the panels under it) as
  // the narration changes.
  Q_PROPERTY(QVariantList narrationSteps READ narrationSteps NOTIFY narrationStepsChanged)
  // Whether any step asks a question (the panel reserves room for the answers).
  Q_PROPERTY(bool asksQuestions READ asksQuestions NOTIFY narrationStepsChanged)
  // The question of the step shown, if it asks one: its answers wait for a choice (1-4 or a
  // click) until playing on reveals the right one, which then stays marked while the step shows.
  Q_PROPERTY(QString question READ question NOTIFY narrationChanged)
  Q_PROPERTY(QStringList answers READ answers NOTIFY narrationChanged)
  Q_PROPERTY(int chosenAnswer READ chosenAnswer NOTIFY narrationChanged)  // -1: none yet
  Q_PROPERTY(int rightAnswer READ rightAnswer NOTIFY narrationChanged)    // -1: not revealed

 public:
  explicit PlaybackController(QObject* parent = nullptr);

  Q_INVOKABLE void play() { setPlaying(true); }
  Q_INVOKABLE void pause() { setPlaying(false); }
  Q_INVOKABLE void togglePlaying() { setPlaying(!playing_); }
  Q_INVOKABLE void stepForward();
  Q_INVOKABLE void stepBack();
  Q_INVOKABLE void seekTime(double micros);
  Q_INVOKABLE void seekEvent(int eventIndex);
  Q_INVOKABLE void restart();
  Q_INVOKABLE void toEnd() { seekTime(endTime()); }
  // Moves the cursor by `steps` hundredths of the run (negative: back).
  Q_INVOKABLE void scrub(int steps);
  Q_INVOKABLE void faster() { setSpeed(speed_ * 2); }
  Q_INVOKABLE void slower() { setSpeed(speed_ / 2); }
  Q_INVOKABLE void toggleTimeLens() { setTimeLens(!timeLens_); }
  Q_INVOKABLE QString eventTimeText(int eventIndex) const;
  // The class's answer to the question shown (from 0); ignored once it is revealed.
  Q_INVOKABLE void chooseAnswer(int answer);

  // A new run to play, in two steps so that its models can be reset between them: setRun takes
  // it (the cursor where it was when `keepCursor`, else at the start), enterRun then moves there.
  void setRun(const RunTimeline* timeline, bool keepCursor);
  void enterRun();
  // The narration in the language just installed (lesson_text.h).
  void retranslate();
  // A compare-mode follower does not play by itself: its leader moves its cursor.
  void setFollowing(bool following) { following_ = following; }

  double time() const { return static_cast<double>(time_); }
  double origin() const;
  double endTime() const;
  QString timeText() const;
  int eventIndex() const { return static_cast<int>(eventIndex_); }
  int eventCount() const;
  bool playing() const { return playing_; }
  void setPlaying(bool playing);
  double speed() const { return speed_; }
  void setSpeed(double speed);
  QString speedText() const;
  bool timeLens() const { return timeLens_; }
  void setTimeLens(bool on);
  QString lensText() const;
  QString countdownText() const;
  QString narration() const;
  QVariantList narrationSteps() const;
  bool asksQuestions() const;
  bool waitingAtNarration() const { return waitingAtNarration_; }
  QString question() const;
  QStringList answers() const;
  int chosenAnswer() const;
  int rightAnswer() const;

  sim::Micros timeMicros() const { return time_; }
  size_t eventsShown() const { return eventIndex_; }
  const StageState& stage() const { return stage_; }

 signals:
  void runChanged();
  // The cursor moved from `previousIndex` events to eventIndex(): sent before frameChanged, so
  // that the models of what the cursor shows are up to date when the views hear of it.
  void moved(size_t previousIndex);
  void frameChanged();
  void playingChanged();
  void speedChanged();
  void timeLensChanged();
  void narrationChanged();
  void narrationStepsChanged();  // a new run, or its narration in another language

 private:
  void moveTo(sim::Micros time, size_t eventIndex);
  void advance();
  // The narration step shown at the cursor: the last one to have happened (null: none yet).
  const run::NarrationMoment* currentMoment() const;
  const scenario::NarrationQuestion* currentQuestion() const;
  void forgetAnswers();

  const RunTimeline* timeline_ = nullptr;
  StageState stage_;
  sim::Micros time_ = 0;
  sim::Micros enterAt_ = 0;  // where enterRun moves the cursor to
  size_t eventIndex_ = 0;
  bool playing_ = false;
  double speed_ = 0.02;
  bool timeLens_ = true;
  bool following_ = false;
  bool waitingAtNarration_ = false;
  sim::Micros narrationResumedAt_ = -1;  // a pause moment already stopped at
  // The questions (by narration step) whose answer was revealed, and the class's pick for the
  // one shown; a rewind to the start, or a new run, asks them again.
  std::set<size_t> revealed_;
  int chosenAnswer_ = -1;
  size_t chosenFor_ = 0;  // the step chosenAnswer_ answers
  QTimer frameTimer_;
  QElapsedTimer wallClock_;
};

// A time in milliseconds as the GUI writes it: "12.500 ms".
QString millisText(sim::Micros micros);
// A playback rate (virtual microseconds per real microsecond) as virtual time per second:
// "20 ms/s", "0.5 ms/s", "1.5 s/s".
QString rateText(double rate);

}  // namespace lockscope::gui
