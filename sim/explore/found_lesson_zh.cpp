#include "found_lesson_zh.h"

#include "found_lesson.h"

namespace lockscope::explore {
namespace {

std::string millis(sim::Micros micros) { return std::to_string(sim::toMillis(micros)) + " ms"; }

// "c1、c2": the Chinese enumeration comma.
std::string clientList(const std::vector<std::string>& clients) {
  std::string list;
  for (const std::string& client : clients) list += (list.empty() ? "" : "、") + client;
  return list;
}

}  // namespace

std::string faultMeaningZh(sim::FaultKind kind) {
  // No default: a new fault kind without its Chinese is a -Wswitch warning, an error in CI.
  switch (kind) {
    case sim::FaultKind::Crash: return "客户端进程悄无声息地死掉";
    case sim::FaultKind::Restart: return "崩溃的进程以新的会话重新启动";
    case sim::FaultKind::Pause: return "一次 stop-the-world 暂停：定时器和回复都要等待";
    case sim::FaultKind::Resume: return "暂停结束";
    case sim::FaultKind::Partition: return "客户端的网络双向丢弃所有消息";
    case sim::FaultKind::Heal: return "网络分区结束";
    case sim::FaultKind::ExpireSession: return "服务器立即让客户端的会话过期";
    case sim::FaultKind::LoseReply: return "客户端下一个请求的回复随连接一起丢失";
    case sim::FaultKind::KillInstance: return "一个 Redis 实例崩溃";
    case sim::FaultKind::RestartInstance: return "崩溃的 Redis 实例重新启动";
    case sim::FaultKind::ClockJump: return "一个 Redis 实例的墙上时钟发生跳变";
    case sim::FaultKind::Failover: return "分片的主节点崩溃，一个副本被提升为主节点";
    case sim::FaultKind::KillServer: return "一台 ZooKeeper 服务器（或数据库服务器）宕机";
    case sim::FaultKind::RestartServer: return "宕机的 ZooKeeper 服务器（或数据库服务器）重新启动";
  }
  return {};  // not reached: the switch names every kind
}

std::string describeZh(const AddedFault& added) {
  const scenario::Fault& fault = added.fault;
  const std::string at = "在 " + millis(fault.at) + " ";
  const std::string& who = fault.client;
  switch (fault.kind) {
    case sim::FaultKind::Crash:
    case sim::FaultKind::KillInstance: return at + "让 " + who + " 崩溃";
    case sim::FaultKind::Restart:
    case sim::FaultKind::RestartInstance: return at + "重启 " + who;
    case sim::FaultKind::Pause: return at + "暂停 " + who + "，持续 " + millis(added.duration);
    case sim::FaultKind::Resume: return at + "恢复 " + who;
    case sim::FaultKind::Partition:
      return at + "把 " + who + " 与网络隔开，持续 " + millis(added.duration);
    case sim::FaultKind::Heal: return at + "恢复 " + who + " 的网络";
    case sim::FaultKind::ExpireSession: return at + "让 " + who + " 的会话过期";
    case sim::FaultKind::LoseReply:
      return at + "丢掉 " + who + " 下一个请求的回复" +
             (fault.applied ? "" : "（服务器并未执行该请求）");
    case sim::FaultKind::ClockJump:
      return at + "让 " + who + " 的时钟跳变 " + std::to_string(fault.clockJumpMs) + " ms";
    case sim::FaultKind::Failover: return at + "让 " + who + " 故障转移";
    case sim::FaultKind::KillServer: return at + "让服务器 " + who + " 宕机";
    case sim::FaultKind::RestartServer: return at + "重启服务器 " + who;
  }
  return {};  // not reached: the switch names every kind
}

std::string violationSentenceZh(const checkers::Violation& violation) {
  const std::string& kind = violation.kind;
  const std::string who = clientList(violation.clients);
  std::string detail;
  if (kind == "mutual_exclusion") {
    detail = who + " 同时持有锁" + (violation.until == 0 ? "，直到运行结束" : "");
  } else if (kind == "lost_update") {
    detail = violation.clients.size() > 1 ? who + " 中的一方基于过期的值写入，覆盖了另一方的结果"
                                          : who + " 基于过期的值写入，覆盖了已有的结果";
  } else if (kind == "fifo") {
    detail = who + " 中排在后面的一方先拿到了锁";
  } else if (kind == "stuck") {
    detail = who + " 到运行结束时仍在等待锁";
  } else if (kind == "deadlock") {
    detail = "没有人持有锁，而每个等待者都卡住了";
  } else if (kind == "leaked_watch") {
    detail = (who.empty() ? std::string("一个会话") : who) + " 设置的 watch 到运行结束时仍未清除";
  } else if (kind == "wait_cycle") {
    detail = who + " 互相等待对方的锁，数据库选出一个事务作为牺牲者";
  }
  std::string sentence = violationWordsZh(kind);
  if (!detail.empty()) sentence += "：" + detail;
  return sentence + "。";
}

std::string summaryZh(size_t clients, const std::vector<AddedFault>& faults) {
  std::string words;
  for (const AddedFault& added : faults) words += (words.empty() ? "" : "；") + describeZh(added);
  if (words.empty()) words = "没有故障，只有调度";
  return std::to_string(clients) + " 个客户端；" + words;
}

}  // namespace lockscope::explore
