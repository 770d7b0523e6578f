#include "pct_chooser.h"

#include <cmath>
#include <utility>

#include "sim/engine/random.h"

namespace lockscope::explore {
namespace {

// The priorities and change points come from their own stream of the run seed, so that the
// other decisions are drawn as a RandomChooser of that seed draws them.
constexpr uint64_t kPctStream = 0x5043'5450'4354'5043ULL;

constexpr std::string_view kLatency = "latency";
constexpr std::string_view kTieBreak = "simultaneous arrival order";

}  // namespace

double pctProbabilityPerRun(size_t clients, const PctParameters& parameters) {
  const double n = static_cast<double>(std::max<size_t>(1, clients));
  const double k = static_cast<double>(std::max<uint64_t>(1, parameters.steps));
  return 1.0 / (n * std::pow(k, parameters.depth - 1));
}

double pctMissBound(double probabilityPerRun, uint64_t runs) {
  // log1p keeps a per-run chance of 1e-12 from rounding 1 - p to 1.
  return std::exp(static_cast<double>(runs) * std::log1p(-probabilityPerRun));
}

std::string_view clientOfSubject(std::string_view subject) {
  subject = subject.substr(0, subject.find(" to "));
  return subject.substr(0, subject.find("->"));
}

PctChooser::PctChooser(uint64_t seed, std::vector<std::string> clients, PctParameters parameters)
    : clients_(std::move(clients)), depth_(std::max(1, parameters.depth)), others_(seed) {
  sim::Random setup(seed ^ kPctStream);
  // Distinct priorities d .. d+n-1 in a random order (Fisher-Yates).
  priorities_.resize(clients_.size());
  for (size_t index = 0; index < priorities_.size(); ++index)
    priorities_[index] = depth_ + static_cast<int64_t>(index);
  for (size_t index = priorities_.size(); index > 1; --index)
    std::swap(priorities_[index - 1], priorities_[setup.below(index)]);
  const uint64_t steps = std::max<uint64_t>(1, parameters.steps);
  for (int point = 1; point < depth_; ++point) changePoints_.push_back(1 + setup.below(steps));
}

uint64_t PctChooser::choose(uint64_t count, std::string_view why) {
  return others_.choose(count, why);
}

uint64_t PctChooser::chooseFor(uint64_t count, std::string_view why, std::string_view subject) {
  const size_t client = indexOf(clientOfSubject(subject));
  if (client == clients_.size() || (why != kLatency && why != kTieBreak))
    return others_.choose(count, why);
  if (why == kLatency) {
    ++latencyDecisions_;
    // Change point i lowers the client to d-i, below every priority before it; two change
    // points on one step leave the lower.
    for (size_t point = 0; point < changePoints_.size(); ++point) {
      if (changePoints_[point] == latencyDecisions_)
        priorities_[client] = depth_ - static_cast<int64_t>(point + 1);
    }
  }
  return byRank(client, count);
}

int64_t PctChooser::priorityOf(std::string_view client) const {
  const size_t index = indexOf(client);
  return index == clients_.size() ? 0 : priorities_[index];
}

size_t PctChooser::indexOf(std::string_view client) const {
  for (size_t index = 0; index < clients_.size(); ++index) {
    if (clients_[index] == client) return index;
  }
  return clients_.size();
}

uint64_t PctChooser::byRank(size_t client, uint64_t count) const {
  uint64_t rank = 0;
  for (const int64_t priority : priorities_) rank += priority > priorities_[client] ? 1 : 0;
  const uint64_t lowest = clients_.size() - 1;
  if (lowest == 0) return 0;
  // rank * (count-1) / lowest without overflowing 64 bits.
  const uint64_t span = count - 1;
  return span / lowest * rank + span % lowest * rank / lowest;
}

}  // namespace lockscope::explore
