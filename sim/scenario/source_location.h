// Where a value of a scenario came from, for error messages: "herd.yaml:12:5".
#pragma once

#include <string>

namespace lockscope::scenario {

struct SourceLocation {
  std::string file;
  int line = 0;    // from 1; 0 when not from a file (e.g. --set)
  int column = 0;  // from 1
  std::string describe() const;
};

}  // namespace lockscope::scenario
