// A Redis reply, with hiredis' reply types (REDIS_REPLY_STATUS, _ERROR, _INTEGER, _STRING, _NIL,
// _ARRAY) plus the two ways a request can fail without a reply (hiredis: reply == NULL with
// c->err set): Timeout and Disconnected.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lockscope::redis {

enum class ReplyType : uint8_t {
  Status,
  Error,
  Integer,
  String,
  Nil,
  Array,
  Timeout,
  Disconnected
};

const char* replyTypeName(ReplyType type);

struct Reply {
  ReplyType type = ReplyType::Nil;
  std::string text;             // Status, Error, String
  int64_t integer = 0;          // Integer
  std::vector<Reply> elements;  // Array

  static Reply status(std::string text) { return {ReplyType::Status, std::move(text), 0, {}}; }
  static Reply error(std::string text) { return {ReplyType::Error, std::move(text), 0, {}}; }
  static Reply number(int64_t value) { return {ReplyType::Integer, {}, value, {}}; }
  static Reply string(std::string text) { return {ReplyType::String, std::move(text), 0, {}}; }
  static Reply nil() { return {}; }
  static Reply timeout() { return {ReplyType::Timeout, "timeout", 0, {}}; }

  bool isOk() const { return type == ReplyType::Status && text == "OK"; }
  bool isNil() const { return type == ReplyType::Nil; }
  bool isInteger(int64_t value) const { return type == ReplyType::Integer && integer == value; }
  // No answer from the server: timed out or disconnected.
  bool failed() const { return type == ReplyType::Timeout || type == ReplyType::Disconnected; }

  // What the trace shows: "OK", "nil", "1", "\"token\"", "ERR ...", "timeout".
  std::string describe() const;
};

}  // namespace lockscope::redis
