#include "found_lesson.h"

#include <cctype>
#include <regex>
#include <sstream>
#include <string_view>

#include "found_lesson_zh.h"
#include "sim/checkers/metric_names.h"
#include "sim/checkers/violation_words.h"
#include "sim/engine/schedule_chooser.h"
#include "sim/scenario/scenario_patch.h"

namespace lockscope::explore {
namespace {

// A virtual time for `at:`, exact: whole milliseconds when it is, microseconds otherwise.
std::string durationText(sim::Micros micros) {
  if (micros % 1000 == 0) return std::to_string(micros / 1000) + "ms";
  return std::to_string(micros) + "us";
}

std::string faultEntries(const std::vector<AddedFault>& faults, int indent) {
  const std::string pad(static_cast<size_t>(indent), ' ');
  std::string entries;
  for (const AddedFault& added : faults) {
    entries += pad + "- at: " + durationText(added.fault.at) + "\n";
    entries += pad + "  " + sim::faultKindName(added.fault.kind) + ": " + added.fault.client + "\n";
    if (lasts(added.fault.kind)) entries += pad + "  for: " + durationText(added.duration) + "\n";
    if (added.fault.kind == sim::FaultKind::LoseReply && !added.fault.applied)
      entries += pad + "  applied: false\n";
    if (added.fault.kind == sim::FaultKind::ClockJump)
      entries += pad + "  by: " + std::to_string(added.fault.clockJumpMs) + "ms\n";
  }
  return entries;
}

// A lesson text in both languages (docs/scenario-format.md), its keys indented by `indent`.
std::string bilingual(const std::string& en, const std::string& zh, int indent) {
  const std::string pad(static_cast<size_t>(indent), ' ');
  return pad + "en: " + scenario::yamlQuoted(en) + "\n" + pad + "zh: " + scenario::yamlQuoted(zh);
}

std::string narrationBeat(sim::Micros at, const std::string& en, const std::string& zh,
                          bool pause) {
  std::string beat = "  - at: " + durationText(at) + "\n    text:\n" + bilingual(en, zh, 6) + "\n";
  if (pause) beat += "    pause: true\n";
  return beat;
}

std::string narration(const FoundLessonInput& input, const checkers::Violation& violation,
                      const std::string& summaryEn, const std::string& summaryZh) {
  // First what the class is looking at: which run this is, and what the explorer changed in the
  // lesson it came from (a found lesson is only worth its difference).
  const std::string seed = std::to_string(input.candidate.seed);
  std::string beats = narrationBeat(0,
                                    input.lesson->recipe + ", seed " + seed + ": " + summaryEn +
                                        ". Everything else is as in " + input.lesson->file + ".",
                                    input.lesson->recipe + "，种子 " + seed + "：" + summaryZh +
                                        "。其余与 " + input.lesson->file + " 相同。",
                                    false);
  const std::vector<AddedFault>& faults = input.candidate.faults;
  for (size_t index = 0; index < faults.size(); ++index) {
    const AddedFault& added = faults[index];
    const bool last = index + 1 == faults.size();
    beats += narrationBeat(
        added.fault.at,
        "The explorer's fault: " + describe(added) + " (" +
            sim::faultInfo(added.fault.kind).meaning + ")." + (last ? " What happens next?" : ""),
        "探索器注入的故障：" + describeZh(added) + "（" + faultMeaningZh(added.fault.kind) +
            "）。" + (last ? "接下来会发生什么？" : ""),
        last);
  }
  // Stuck clients, a deadlock and a leaked watch are what is left when the run ends: that is when
  // a student can see them, not when the wait or the watch began.
  const bool atTheEnd = violation.kind == "stuck" || violation.kind == "deadlock" ||
                        violation.kind == "leaked_watch";
  const sim::Micros shown = (atTheEnd ? input.report->virtualTime : violation.knownAt()) -
                            input.report->origin;
  std::string said = violationWords(violation.kind);
  said[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(said[0])));
  beats += narrationBeat(shown, said + ": " + violation.detail + ".",
                         violationSentenceZh(violation), false);
  return beats;
}

std::string expectations(const checkers::RunVerdict& verdict) {
  std::string block;
  for (const checkers::InvariantName& invariant : checkers::invariantNames()) {
    if (verdict.count(invariant.violationKind) > 0)
      block += std::string("  ") + invariant.name + ": violated\n";
  }
  return block;
}

Result<std::string> withClients(const std::string& text, size_t clients, size_t written) {
  if (clients >= written) return text;
  if (auto cut = scenario::keepFirstListEntries(text, "clients", clients)) return *cut;
  static const std::regex kCount(R"(^clients:[ \t]*[0-9]+[ \t]*(#.*)?$)");
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, kCount))
      return scenario::setTopLevelKey(text, "clients", std::to_string(clients));
  }
  return Status::failure("cannot cut the lesson's clients down to " + std::to_string(clients) +
                         ": expected `clients:` as a count or a block list");
}

}  // namespace

using checkers::ViolationWords;

const ViolationWords* wordsFor(const std::string& kind) {
  return checkers::violationWordsFor(kind);
}

std::string violationWords(const std::string& kind) {
  const ViolationWords* words = wordsFor(kind);
  return words ? std::string(words->en) : kind;
}

std::string violationWordsZh(const std::string& kind) {
  const ViolationWords* words = wordsFor(kind);
  return words ? std::string(words->zh) : kind;
}

Status overridesWritable(const std::vector<scenario::Override>& overrides) {
  for (const scenario::Override& override : overrides) {
    if (override.key.find('.') != std::string::npos) {
      return Status::failure("cannot write --set " + override.key +
                             " into the found lesson; set it in the lesson's file instead");
    }
  }
  return Status::success();
}

Result<std::string> foundLessonText(const FoundLessonInput& input) {
  const scenario::Scenario& lesson = *input.lesson;
  const run::RunReport& report = *input.report;
  const checkers::Violation* violation = &input.violation;

  if (Status writable = overridesWritable(input.overrides); !writable) return writable;
  std::string text = scenario::withoutLeadingComments(input.lessonText);
  for (const scenario::Override& override : input.overrides)
    text = scenario::setTopLevelKey(text, override.key, override.value);
  Result<std::string> cut = withClients(text, input.candidate.clients, lesson.clients.size());
  if (!cut) return cut.status();
  text = *cut;
  std::string faultWords;
  for (const AddedFault& added : input.candidate.faults)
    faultWords += (faultWords.empty() ? "" : ", ") + describe(added);
  if (faultWords.empty()) faultWords = "no fault, only the schedule";
  const std::string summaryEn = std::to_string(input.candidate.clients) +
                                (input.candidate.clients == 1 ? " client; " : " clients; ") +
                                faultWords;
  const std::string summaryInChinese = summaryZh(input.candidate.clients, input.candidate.faults);
  if (input.lessonFaultsDropped) text = scenario::removeTopLevelKey(text, "faults");
  // The summary goes on the lines after the title, where a lesson has it.
  text = scenario::removeTopLevelKey(text, "summary");
  text = scenario::setTopLevelBlock(
      text, "title",
      bilingual("Found: " + violationWords(violation->kind) + " (" + lesson.recipe + ")",
                "发现：" + violationWordsZh(violation->kind) + "（" + lesson.recipe + "）", 2) +
          "\nsummary:\n" + bilingual(summaryEn, summaryInChinese, 2));
  text = scenario::setTopLevelKey(text, "seed", std::to_string(input.candidate.seed));
  text = input.schedule
             ? scenario::setTopLevelKey(text, "schedule", sim::scheduleText(*input.schedule))
             : scenario::removeTopLevelKey(text, "schedule");
  if (!input.candidate.faults.empty()) {
    text = scenario::appendFaultEntries(
        text, [&](int indent) { return faultEntries(input.candidate.faults, indent); });
  }
  text = scenario::setTopLevelBlock(text, "narration",
                                    narration(input, *violation, summaryEn, summaryInChinese));
  text = scenario::setTopLevelBlock(text, "expect", expectations(report.verdict));

  const std::string header = "# Found by " + input.command + "\n# from " + lesson.file +
                             (input.schedule ? ", its schedule pinned" : ", then shrunk") +
                             ". The run's trace sha256 (lockscope-cli run prints it):\n# " +
                             report.traceSha256 + "\n";
  return header + text;
}

}  // namespace lockscope::explore
