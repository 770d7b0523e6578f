// The Chinese of what the explorer writes into a found lesson (found_lesson.h): its title,
// summary and narration sentences, made from the same facts as the English ones. The violation's
// sentence is made from its kind and clients rather than from the checker's English detail, which
// is free text.
#pragma once

#include <string>
#include <vector>

#include "candidate.h"
#include "sim/checkers/run_verdict.h"

namespace lockscope::explore {

// "在 35 ms 暂停 c1，持续 4000 ms": describe(added) in Chinese.
std::string describeZh(const AddedFault& added);

// "一次 stop-the-world 暂停：定时器和回复都要等待": a fault kind's meaning in Chinese.
std::string faultMeaningZh(sim::FaultKind kind);

// The narration's last step: "互斥被打破：c1、c2 同时持有锁。"
std::string violationSentenceZh(const checkers::Violation& violation);

// "2 个客户端；在 7 ms 暂停 c1，持续 2171 ms": the summary.
std::string summaryZh(size_t clients, const std::vector<AddedFault>& faults);

}  // namespace lockscope::explore
