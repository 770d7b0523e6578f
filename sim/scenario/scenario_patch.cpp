#include "scenario_patch.h"

#include <sstream>

namespace lockscope::scenario {
namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

std::string joinLines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

bool isTopLevelKey(const std::string& line, const std::string& key) {
  return line.rfind(key + ":", 0) == 0;
}

// A line that belongs to the block of the top-level key above it: indented, a list entry at
// column 0, blank, or a comment.
bool continuesBlock(const std::string& line) {
  return line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '-';
}

size_t findTopLevelKey(const std::vector<std::string>& lines, const std::string& key) {
  for (size_t index = 0; index < lines.size(); ++index) {
    if (isTopLevelKey(lines[index], key)) return index;
  }
  return lines.size();
}

// The end of the block under lines[keyLine]: trailing blank and comment lines stay outside it.
size_t blockEnd(const std::vector<std::string>& lines, size_t keyLine) {
  size_t end = keyLine + 1;
  size_t lastContent = keyLine + 1;
  for (; end < lines.size() && continuesBlock(lines[end]); ++end) {
    const std::string& line = lines[end];
    const size_t first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line[first] != '#') lastContent = end + 1;
  }
  return lastContent;
}

}  // namespace

std::string faultEntry(const Fault& fault, int indent) {
  const std::string pad(static_cast<size_t>(indent), ' ');
  std::string entry = pad + "- at: " + std::to_string(fault.at) + "us\n";
  entry += pad + "  " + faultKindName(fault.kind) + ": " + fault.client + "\n";
  if (fault.kind == Fault::Kind::LoseReply && !fault.applied) entry += pad + "  applied: false\n";
  if (fault.kind == Fault::Kind::ClockJump)
    entry += pad + "  by: " + std::to_string(fault.clockJumpMs) + "ms\n";
  return entry;
}

std::string appendFaults(const std::string& text, const std::vector<Fault>& faults) {
  if (faults.empty()) return text;
  return appendFaultEntries(text, [&](int indent) {
    std::string entries;
    for (const Fault& fault : faults) entries += faultEntry(fault, indent);
    return entries;
  });
}

std::string appendFaultEntries(const std::string& text,
                               const std::function<std::string(int indent)>& entriesAt) {
  std::vector<std::string> lines = splitLines(text);
  const size_t key = findTopLevelKey(lines, "faults");
  if (key == lines.size() || lines[key].find('[') != std::string::npos) {
    // No list yet, or an empty flow list (`faults: []`): a new block list replaces it.
    const std::string entries = entriesAt(2);
    if (key == lines.size()) return joinLines(lines) + "faults:\n" + entries;
    lines[key] = "faults:";
    lines.insert(lines.begin() + static_cast<long>(key) + 1, entries.substr(0, entries.size() - 1));
    return joinLines(lines);
  }
  const size_t end = blockEnd(lines, key);
  // Match the indentation of the existing entries.
  int indent = 2;
  for (size_t index = key + 1; index < end; ++index) {
    const size_t dash = lines[index].find_first_not_of(' ');
    if (dash != std::string::npos && lines[index][dash] == '-') {
      indent = static_cast<int>(dash);
      break;
    }
  }
  const std::string entries = entriesAt(indent);
  lines.insert(lines.begin() + static_cast<long>(end), entries.substr(0, entries.size() - 1));
  return joinLines(lines);
}

std::string setTopLevelKey(const std::string& text, const std::string& key,
                           const std::string& value) {
  std::vector<std::string> lines = splitLines(text);
  const size_t at = findTopLevelKey(lines, key);
  if (at == lines.size()) return joinLines(lines) + key + ": " + value + "\n";
  const size_t end = blockEnd(lines, at);
  lines.erase(lines.begin() + static_cast<long>(at) + 1, lines.begin() + static_cast<long>(end));
  lines[at] = key + ": " + value;
  return joinLines(lines);
}

std::string setTopLevelBlock(const std::string& text, const std::string& key,
                             const std::string& block) {
  std::vector<std::string> lines = splitLines(text);
  const size_t at = findTopLevelKey(lines, key);
  std::string body = block;
  if (!body.empty() && body.back() == '\n') body.pop_back();
  if (at == lines.size()) return joinLines(lines) + key + ":\n" + body + "\n";
  const size_t end = blockEnd(lines, at);
  lines.erase(lines.begin() + static_cast<long>(at) + 1, lines.begin() + static_cast<long>(end));
  lines[at] = key + ":";
  lines.insert(lines.begin() + static_cast<long>(at) + 1, body);
  return joinLines(lines);
}

std::string removeTopLevelKey(const std::string& text, const std::string& key) {
  std::vector<std::string> lines = splitLines(text);
  const size_t at = findTopLevelKey(lines, key);
  if (at == lines.size()) return text;
  lines.erase(lines.begin() + static_cast<long>(at),
              lines.begin() + static_cast<long>(blockEnd(lines, at)));
  return joinLines(lines);
}

std::optional<std::string> keepFirstListEntries(const std::string& text, const std::string& key,
                                                size_t count) {
  std::vector<std::string> lines = splitLines(text);
  const size_t at = findTopLevelKey(lines, key);
  if (at == lines.size() || lines[at].find_first_not_of(' ', key.size() + 1) != std::string::npos)
    return std::nullopt;  // missing, or a value on the key's line (a count, a flow list)
  const size_t end = blockEnd(lines, at);
  // Entries begin where a line's first character is the list's dash, at the first entry's indent.
  size_t indent = std::string::npos;
  size_t entries = 0;
  size_t keptEnd = at + 1;  // one past the last content line of the kept entries
  for (size_t index = at + 1; index < end; ++index) {
    const size_t first = lines[index].find_first_not_of(" \t");
    if (first == std::string::npos || lines[index][first] == '#') continue;
    if (lines[index][first] == '-' && (indent == std::string::npos || first == indent)) {
      indent = first;
      if (++entries > count) break;
    }
    keptEnd = index + 1;
  }
  if (entries <= count) return std::nullopt;
  lines.erase(lines.begin() + static_cast<long>(keptEnd), lines.begin() + static_cast<long>(end));
  return joinLines(lines);
}

std::string withoutLeadingComments(const std::string& text) {
  std::vector<std::string> lines = splitLines(text);
  size_t first = 0;
  while (first < lines.size() && (lines[first].empty() || lines[first][0] == '#')) ++first;
  lines.erase(lines.begin(), lines.begin() + static_cast<long>(first));
  return joinLines(lines);
}

std::string yamlQuoted(const std::string& value) {
  std::string quoted = "\"";
  for (const char character : value) {
    switch (character) {
      case '"': quoted += "\\\""; break;
      case '\\': quoted += "\\\\"; break;
      case '\n': quoted += "\\n"; break;
      case '\t': quoted += "\\t"; break;
      default:
        if (static_cast<unsigned char>(character) < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          quoted += "\\x";
          quoted += kHex[(character >> 4) & 0xf];
          quoted += kHex[character & 0xf];
        } else {
          quoted += character;
        }
    }
  }
  return quoted + "\"";
}

}  // namespace lockscope::scenario
