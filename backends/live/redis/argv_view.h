// A command's words as hiredis' *Argv functions take them: pointers and lengths, valid while the
// command lives (binary-safe, unlike the printf-style calls).
#pragma once

#include <string>
#include <vector>

namespace lockscope::live::redis {

struct ArgvView {
  explicit ArgvView(const std::vector<std::string>& argv) {
    for (const std::string& word : argv) {
      words.push_back(word.data());
      lengths.push_back(word.size());
    }
  }
  int count() const { return static_cast<int>(words.size()); }
  std::vector<const char*> words;
  std::vector<size_t> lengths;
};

}  // namespace lockscope::live::redis
