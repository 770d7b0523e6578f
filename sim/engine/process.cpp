#include "process.h"

namespace lockscope::sim {

const char* processStateName(Process::State state) {
  switch (state) {
    case Process::State::Running: return "running";
    case Process::State::Paused: return "paused";
    case Process::State::Crashed: return "crashed";
  }
  return "unknown";
}

Process::Process(World& world, std::string name) : world_(world), name_(std::move(name)) {}

Process::~Process() {
  if (keeper_) keeper_->forget();
}

EventQueue::Action Process::guarded(Action action) {
  auto timer = [this, incarnation = incarnation_, action = std::move(action)]() mutable {
    if (incarnation != incarnation_ || state_ == State::Crashed) return;
    if (state_ == State::Paused) {
      held_.push_back(std::move(action));
      return;
    }
    action();
  };
  static_assert(EventQueue::Action::fitsInline<decltype(timer)>());
  return timer;
}

EventId Process::after(Micros delay, Action action) {
  return world_.after(delay, guarded(std::move(action)));
}

EventId Process::atKey(const EventKey& key, Action action) {
  return world_.atKey(key, guarded(std::move(action)));
}

void Process::deliver(Action action) {
  // What guarded(action)() would do, without wrapping (and allocating) a closure per message.
  switch (state_) {
    case State::Crashed: return;
    case State::Paused: held_.push_back(std::move(action)); return;
    case State::Running: action(); return;
  }
}

void Process::pause() {
  takeBackKept();
  if (state_ == State::Running) changeState(State::Paused, ProcessOp::Paused);
}

void Process::resume() {
  takeBackKept();
  if (state_ != State::Paused) return;
  changeState(State::Running, ProcessOp::Resumed);
  // Held work runs in arrival order; work it schedules goes through the agenda as usual. A crash
  // or pause from inside held work stops the replay.
  const uint64_t incarnation = incarnation_;
  while (!held_.empty() && state_ == State::Running && incarnation == incarnation_) {
    auto action = std::move(held_.front());
    held_.pop_front();
    action();
  }
}

void Process::crash() {
  takeBackKept();
  if (state_ == State::Crashed) return;
  held_.clear();
  ++incarnation_;
  changeState(State::Crashed, ProcessOp::Crashed);
}

void Process::restart() {
  takeBackKept();
  if (state_ != State::Crashed) return;
  ++incarnation_;
  changeState(State::Running, ProcessOp::Restarted);
}

void Process::changeState(State state, ProcessOp traceOp) {
  state_ = state;
  world_.record(TraceEvent{.kind = TraceKind::Process, .actor = name_, .op = traceOp});
  if (listener_) listener_(state);
}

}  // namespace lockscope::sim
