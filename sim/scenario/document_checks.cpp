#include "document_checks.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include <yaml-cpp/eventhandler.h>

#include "yaml_reader.h"

namespace lockscope::scenario {
namespace {

std::string at(const std::string& name, size_t line, size_t column) {
  return name + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::string at(const std::string& name, const YAML::Mark& mark) {
  if (mark.is_null()) return at(name, 1, 1);
  return at(name, static_cast<size_t>(mark.line) + 1, static_cast<size_t>(mark.column) + 1);
}

// Length of the UTF-8 sequence starting at text[index], or 0 when it is not a valid one.
size_t utf8SequenceLength(const std::string& text, size_t index) {
  const auto byte = [&text](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(index);
  if (lead < 0x80) return 1;
  size_t length;
  unsigned char low = 0x80, high = 0xBF;  // the range allowed for the second byte
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  else if (lead == 0xE0) length = 3, low = 0xA0;   // no overlong forms
  else if (lead == 0xED) length = 3, high = 0x9F;  // no UTF-16 surrogates
  else if (lead >= 0xE1 && lead <= 0xEF) length = 3;
  else if (lead == 0xF0) length = 4, low = 0x90;   // no overlong forms
  else if (lead == 0xF4) length = 4, high = 0x8F;  // nothing above U+10FFFF
  else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
  else return 0;
  if (index + length > text.size()) return 0;
  if (byte(index + 1) < low || byte(index + 1) > high) return 0;
  for (size_t i = 2; i < length; ++i) {
    if (byte(index + i) < 0x80 || byte(index + i) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

std::string readScenarioBytes(const std::string& path) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status))
    throw ScenarioError(path + ": cannot open the scenario file");
  if (!std::filesystem::is_regular_file(status)) {
    throw ScenarioError(
        path + ": not a regular file (a directory, device or pipe); expected a scenario file");
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) throw ScenarioError(path + ": cannot open the scenario file");
  // Read at most one byte past the limit, so that a file growing while it is read is still caught.
  std::string text(kMaxScenarioFileBytes + 1, '\0');
  file.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (file.bad()) throw ScenarioError(path + ": cannot read the scenario file");
  text.resize(static_cast<size_t>(file.gcount()));
  if (text.size() > kMaxScenarioFileBytes) {
    throw ScenarioError(path + ": the scenario file is larger than " +
                        std::to_string(kMaxScenarioFileBytes / (1024 * 1024)) + " MiB, the limit");
  }
  return text;
}

void requireUtf8(const std::string& text, const std::string& name) {
  size_t line = 1, column = 1;
  for (size_t index = 0; index < text.size();) {
    const size_t length = utf8SequenceLength(text, index);
    if (length == 0) {
      throw ScenarioError(at(name, line, column) + ": expected UTF-8 text, found the byte 0x" +
                          "0123456789ABCDEF"[static_cast<unsigned char>(text[index]) >> 4] +
                          "0123456789ABCDEF"[static_cast<unsigned char>(text[index]) & 0xF]);
    }
    if (text[index] == '\n') ++line, column = 1;
    else ++column;
    index += length;
  }
}

namespace {

// Counts the documents of a text without building them, and stops at the second. yaml-cpp 0.7's
// LoadAll never stops on a stray flow entry at the top level ("," or "[1],"): each call returns
// an empty document without consuming the token, and it collected them until memory ran out
// (found by fuzz_scenario_loader). A bounded number of calls cannot loop.
class DocumentStarts final : public YAML::EventHandler {
 public:
  YAML::Mark second;  // where the second document's first node is (or the document, if empty)
  int count = 0;
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++count == 2) second = mark, noted_ = false;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { note(mark); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { note(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string&) override {
    note(mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    note(mark);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    note(mark);
  }
  void OnMapEnd() override {}

 private:
  void note(const YAML::Mark& mark) {
    if (count == 2 && !noted_) second = mark, noted_ = true;
  }
  bool noted_ = true;
};

}  // namespace

YAML::Node parseSingleDocument(const std::string& text, const std::string& name) {
  std::istringstream stream(text);
  YAML::Parser parser(stream);
  DocumentStarts starts;
  if (!parser.HandleNextDocument(starts)) return YAML::Node();
  if (parser.HandleNextDocument(starts) && starts.count >= 2) {
    throw ScenarioError(
        at(name, starts.second) +
        ": expected the end of the scenario; a scenario file holds one YAML document");
  }
  return YAML::Load(text);  // the first document, built (the text was read through once above)
}

void requireUniqueKeys(const YAML::Node& root, const std::string& name) {
  // Iterative, so deep nesting cannot exhaust the stack; each collection is visited once (by its
  // position in the text), so aliases repeating a node many times cannot blow up the walk.
  std::vector<YAML::Node> pending{root};
  std::set<size_t> visited;
  while (!pending.empty()) {
    const YAML::Node node = pending.back();
    pending.pop_back();
    if (!node.IsMap() && !node.IsSequence()) continue;
    if (!node.Mark().is_null() && !visited.insert(static_cast<size_t>(node.Mark().pos)).second)
      continue;
    if (node.IsSequence()) {
      for (const YAML::Node& element : node) pending.push_back(element);
      continue;
    }
    std::set<std::string> keys;
    for (const auto& entry : node) {
      if (entry.first.IsScalar() && !keys.insert(entry.first.Scalar()).second) {
        throw ScenarioError(at(name, entry.first.Mark()) + ": the key '" + entry.first.Scalar() +
                            "' appears twice in the same mapping; expected each key once");
      }
      pending.push_back(entry.first);
      pending.push_back(entry.second);
    }
  }
}

std::string singleLine(const std::string& message) {
  std::string line;
  line.reserve(message.size());
  for (const char character : message) {
    const auto byte = static_cast<unsigned char>(character);
    if (character == '\n') line += "\\n";
    else if (character == '\r') line += "\\r";
    else if (character == '\t') line += "\\t";
    else if (byte < 0x20 || byte == 0x7F) {
      line += "\\x";
      line += "0123456789abcdef"[byte >> 4];
      line += "0123456789abcdef"[byte & 0xF];
    } else {
      line += character;
    }
  }
  return line;
}

}  // namespace lockscope::scenario
