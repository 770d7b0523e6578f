// An output file that appears whole or not at all. Writes go to a temporary file beside the
// target; commit() checks the flush, the sync and the close, then renames it over the target.
// On any failure (a full disk, a read-only directory, a run that stops early) the temporary file
// is removed and whatever was at the target before is left as it was: never an empty or
// truncated file where a good one was. A target that is a device or a pipe (/dev/null,
// /dev/stdout) cannot be replaced and is written in place, with every step still checked.
#pragma once

#include <cstdio>
#include <string>

#include "sim/engine/status.h"

namespace lockscope::sim {

class AtomicFile {
 public:
  explicit AtomicFile(std::string path);
  ~AtomicFile();  // removes the temporary file unless commit() succeeded
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Creates the temporary file; a failure says "PATH: reason".
  Status open();
  // The temporary file's stream, for writing; valid between open() and commit().
  std::FILE* stream() const { return stream_; }
  // Flushes, syncs and closes the temporary file and renames it to the target; a failure names
  // the target and the reason of the first step that failed (a write error included, which
  // stdio keeps until the close).
  Status commit();

 private:
  void discard();

  std::string path_;
  std::string temporaryPath_;
  std::FILE* stream_ = nullptr;
  bool inPlace_ = false;  // a device or pipe, written directly (see open())
  bool committed_ = false;
};

}  // namespace lockscope::sim
