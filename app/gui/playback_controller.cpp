#include "playback_controller.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>

#include "lesson_text.h"

namespace lockscope::gui {
namespace {

constexpr int kFrameMs = 16;
constexpr double kMinSpeed = 0.001;  // ms-scale latencies need slower than 0.1x to be seen
constexpr double kMaxSpeed = 100.0;

// A narration step as the panel shows it, in the GUI's language. YAML block text keeps the
// author's line breaks; the panel wraps by itself, so single breaks become spaces and only blank
// lines (paragraphs) stay. Chinese puts no space between its characters: a break (or the space
// YAML folds a plain scalar's break into) between two of them goes.
QString narrationShown(const scenario::LocalizedText& text) {
  static const QRegularExpression lineBreak(QStringLiteral("(?<!\\n)\\n(?!\\n)"));
  // CJK punctuation, kana and ideographs (U+2E80 to U+9FFF) and the full-width forms.
  static const QRegularExpression betweenChinese(
      QStringLiteral("(?<=[\\x{2E80}-\\x{9FFF}\\x{FF00}-\\x{FFEF}])[ \\n](?=[\\x{2E80}-\\x{9FFF}"
                     "\\x{FF00}-\\x{FFEF}])"));
  return lessonText(text)
      .trimmed()
      .replace(betweenChinese, QString())
      .replace(lineBreak, QStringLiteral(" "));
}

QStringList answersShown(const scenario::NarrationQuestion& question) {
  QStringList answers;
  for (const auto& answer : question.answers) answers << narrationShown(answer);
  return answers;
}

}  // namespace

QString millisText(sim::Micros micros) {
  return QString::number(static_cast<double>(micros) / 1000.0, 'f', 3) + QStringLiteral(" ms");
}

QString rateText(double rate) {
  const double millisPerSecond = rate * 1000.0;
  if (millisPerSecond >= 1000.0)
    return QString::number(millisPerSecond / 1000.0, 'g', 3) + QStringLiteral(" s/s");
  return QString::number(millisPerSecond, 'g', 3) + QStringLiteral(" ms/s");
}

QString PlaybackController::speedText() const { return rateText(speed_); }

void PlaybackController::setTimeLens(bool on) {
  if (timeLens_ == on) return;
  timeLens_ = on;
  emit timeLensChanged();
  emit frameChanged();
}

QString PlaybackController::lensText() const {
  if (!timeline_ || !timeLens_) return {};
  switch (timeline_->lens().segmentAt(time_).mode) {
    case LensMode::Slowed:
      return tr("slowed: %1").arg(rateText(timeline_->lens().rateAt(time_, speed_)));
    case LensMode::Skipping:
      return tr("skipping: %1").arg(rateText(timeline_->lens().rateAt(time_, speed_)));
    case LensMode::Normal: break;
  }
  return {};
}

QString PlaybackController::countdownText() const {
  if (!timeline_ || !timeLens_) return {};
  const LensSegment segment = timeline_->lens().segmentAt(time_);
  if (segment.mode != LensMode::Skipping) return {};
  auto seconds = [](sim::Micros micros) {
    return QString::number(static_cast<double>(micros) / 1e6, 'f', 1);
  };
  // A silent client's session running out is what the quiet is waiting for, most often: the
  // server's own clock, which the ring on its card draws too.
  int client = kNoClient;
  sim::Micros least = -1;
  for (int index = 0; index < static_cast<int>(timeline_->cast().size()); ++index) {
    const sim::Micros left = timeline_->sessionLeftMicros(index, time_);
    if (left > 0 && (least < 0 || left < least)) {
      least = left;
      client = index;
    }
  }
  if (client != kNoClient) {
    return tr("%1's session: %2 s left")
        .arg(QString::fromStdString(timeline_->cast().name(client)), seconds(least));
  }
  return tr("quiet for %1 s").arg(seconds(segment.end - time_));
}

PlaybackController::PlaybackController(QObject* parent) : QObject(parent) {
  frameTimer_.setInterval(kFrameMs);
  connect(&frameTimer_, &QTimer::timeout, this, &PlaybackController::advance);
}

void PlaybackController::setRun(const RunTimeline* timeline, bool keepCursor) {
  const sim::Micros keepTime = time_;
  timeline_ = timeline;
  if (!keepCursor) {
    narrationResumedAt_ = -1;
    waitingAtNarration_ = false;
    forgetAnswers();
    // A lesson that sets its pacing is played at it (the player's controls change it after).
    const scenario::Scenario::Pacing& pacing = timeline_->scenario().pacing;
    if (pacing.msPerSecond > 0) setSpeed(static_cast<double>(pacing.msPerSecond) / 1000.0);
    if (pacing.timeLens) setTimeLens(*pacing.timeLens);
  }
  enterAt_ = keepCursor ? std::min(keepTime, timeline_->endTime()) : 0;
  stage_ = StageState(timeline_->cast().size());
  eventIndex_ = 0;
}

void PlaybackController::enterRun() {
  emit runChanged();
  emit narrationStepsChanged();
  moveTo(enterAt_, timeline_->trace().countUpTo(enterAt_));
  emit narrationChanged();
}

void PlaybackController::moveTo(sim::Micros time, size_t eventIndex) {
  if (!timeline_) return;
  eventIndex = std::min(eventIndex, timeline_->trace().size());
  if (eventIndex >= stage_.applied() && eventIndex - stage_.applied() < 4096) {
    for (size_t index = stage_.applied(); index < eventIndex; ++index) {
      stage_.apply(timeline_->trace()[index], timeline_->trace(), timeline_->cast());
    }
  } else {
    stage_ = timeline_->stageAfter(eventIndex);
  }
  const size_t previous = eventIndex_;
  time_ = time;
  eventIndex_ = eventIndex;
  emit moved(previous);
  emit frameChanged();
  emit narrationChanged();
}

void PlaybackController::seekTime(double micros) {
  if (!timeline_) return;
  const auto time = std::clamp(static_cast<sim::Micros>(micros), sim::Micros{0},
                               timeline_->endTime());
  waitingAtNarration_ = false;
  moveTo(time, timeline_->trace().countUpTo(time));
}

void PlaybackController::seekEvent(int eventIndex) {
  if (!timeline_) return;
  const size_t count = std::clamp<size_t>(static_cast<size_t>(std::max(eventIndex, 0)), 0,
                                          timeline_->trace().size());
  const sim::Micros time = count == 0 ? 0 : timeline_->trace()[count - 1].time;
  waitingAtNarration_ = false;
  moveTo(time, count);
}

void PlaybackController::stepForward() {
  setPlaying(false);
  seekEvent(static_cast<int>(eventIndex_) + 1);
}

void PlaybackController::stepBack() {
  setPlaying(false);
  seekEvent(static_cast<int>(eventIndex_) - 1);
}

void PlaybackController::scrub(int steps) {
  if (!timeline_) return;
  setPlaying(false);
  const sim::Micros step = std::max<sim::Micros>(
      1, (timeline_->endTime() - timeline_->report().origin) / 100);
  seekTime(static_cast<double>(time_ + steps * step));
}

void PlaybackController::restart() {
  narrationResumedAt_ = -1;
  forgetAnswers();
  seekEvent(0);
}

void PlaybackController::forgetAnswers() {
  revealed_.clear();
  chosenAnswer_ = -1;
}

void PlaybackController::setPlaying(bool playing) {
  if (!timeline_) playing = false;
  if (playing && time_ >= timeline_->endTime()) restart();
  if (playing == playing_) return;
  playing_ = playing;
  if (playing_) {
    if (waitingAtNarration_) narrationResumedAt_ = time_;
    // Playing on from a question is the reveal: the run now shows the answer.
    if (currentQuestion()) revealed_.insert(currentMoment()->step);
    waitingAtNarration_ = false;
    wallClock_.start();
    frameTimer_.start();
  } else {
    frameTimer_.stop();
  }
  emit playingChanged();
  emit narrationChanged();
}

void PlaybackController::setSpeed(double speed) {
  speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
  if (speed == speed_) return;
  speed_ = speed;
  emit speedChanged();
}

void PlaybackController::advance() {
  if (!timeline_ || following_) return;
  const double wallMicros = static_cast<double>(wallClock_.nsecsElapsed()) / 1000.0;
  wallClock_.restart();
  sim::Micros target = timeLens_
                           ? timeline_->lens().advance(time_, wallMicros, speed_)
                           : time_ + std::max<sim::Micros>(1, std::llround(wallMicros * speed_));
  // Stop at a narration step that asks for a pause ("what happens next?").
  for (const auto& moment : timeline_->report().narration) {
    if (moment.pause && moment.time > time_ && moment.time <= target &&
        moment.time != narrationResumedAt_) {
      target = moment.time;
      moveTo(target, timeline_->trace().countUpTo(target));
      waitingAtNarration_ = true;
      setPlaying(false);
      emit narrationChanged();
      return;
    }
  }
  target = std::min(target, timeline_->endTime());
  moveTo(target, timeline_->trace().countUpTo(target));
  if (target >= timeline_->endTime()) setPlaying(false);
}

void PlaybackController::retranslate() {
  emit narrationStepsChanged();
  emit narrationChanged();
}

int PlaybackController::eventCount() const {
  return timeline_ ? static_cast<int>(timeline_->trace().size()) : 0;
}
double PlaybackController::origin() const {
  return timeline_ ? static_cast<double>(timeline_->report().origin) : 0.0;
}
double PlaybackController::endTime() const {
  return timeline_ ? static_cast<double>(timeline_->endTime()) : 0.0;
}

QString PlaybackController::timeText() const {
  if (!timeline_) return {};
  return QStringLiteral("t = ") + millisText(time_ - timeline_->report().origin);
}

QString PlaybackController::eventTimeText(int eventIndex) const {
  if (!timeline_ || eventIndex < 0 ||
      static_cast<size_t>(eventIndex) >= timeline_->trace().size()) {
    return {};
  }
  return millisText(timeline_->trace()[static_cast<size_t>(eventIndex)].time -
                    timeline_->report().origin);
}

const run::NarrationMoment* PlaybackController::currentMoment() const {
  if (!timeline_) return nullptr;
  const run::NarrationMoment* current = nullptr;
  for (const auto& moment : timeline_->report().narration) {
    if (moment.time <= time_) current = &moment;
  }
  return current;
}

const scenario::NarrationQuestion* PlaybackController::currentQuestion() const {
  const run::NarrationMoment* moment = currentMoment();
  return moment && moment->question ? &*moment->question : nullptr;
}

QString PlaybackController::narration() const {
  const run::NarrationMoment* moment = currentMoment();
  return moment ? narrationShown(moment->text) : QString();
}

QString PlaybackController::question() const {
  const scenario::NarrationQuestion* shown = currentQuestion();
  return shown ? narrationShown(shown->ask) : QString();
}

QStringList PlaybackController::answers() const {
  const scenario::NarrationQuestion* shown = currentQuestion();
  return shown ? answersShown(*shown) : QStringList();
}

int PlaybackController::rightAnswer() const {
  const scenario::NarrationQuestion* shown = currentQuestion();
  if (!shown || revealed_.count(currentMoment()->step) == 0) return -1;
  return static_cast<int>(shown->right);
}

int PlaybackController::chosenAnswer() const {
  const run::NarrationMoment* moment = currentMoment();
  return moment && moment->question && chosenFor_ == moment->step ? chosenAnswer_ : -1;
}

void PlaybackController::chooseAnswer(int answer) {
  const scenario::NarrationQuestion* shown = currentQuestion();
  if (!shown || rightAnswer() >= 0 || answer < 0 ||
      answer >= static_cast<int>(shown->answers.size())) {
    return;
  }
  chosenAnswer_ = answer;
  chosenFor_ = currentMoment()->step;
  emit narrationChanged();
}

bool PlaybackController::asksQuestions() const {
  if (!timeline_) return false;
  const auto& moments = timeline_->report().narration;
  return std::any_of(moments.begin(), moments.end(), [](const run::NarrationMoment& moment) {
    return moment.question.has_value();
  });
}

QVariantList PlaybackController::narrationSteps() const {
  QVariantList steps;
  if (!timeline_) return steps;
  for (const auto& moment : timeline_->report().narration) {
    QVariantMap step{{QStringLiteral("text"), narrationShown(moment.text)}};
    if (moment.question) {
      step.insert(QStringLiteral("question"), narrationShown(moment.question->ask));
      step.insert(QStringLiteral("answers"), answersShown(*moment.question));
    }
    steps << step;
  }
  return steps;
}

}  // namespace lockscope::gui
