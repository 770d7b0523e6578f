#include "atomic_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

namespace lockscope::sim {
namespace {

Status reason(const std::string& path, int error) {
  return Status::failure(path + ": " + std::strerror(error));
}

// mkstemp creates the file with mode 0600; a finished output file gets the usual 0666 & ~umask.
void useDefaultPermissions(int descriptor) {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(descriptor, 0666 & ~mask);
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {}

AtomicFile::~AtomicFile() {
  if (!committed_) discard();
}

Status AtomicFile::open() {
  // A device, a pipe or a terminal (/dev/null, /dev/stdout, a FIFO) is written in place: renaming
  // a file over it would replace the device itself. A symbolic link is followed, so the file it
  // points to is replaced, not the link.
  std::error_code status;
  const std::filesystem::file_status target = std::filesystem::status(path_, status);
  if (!status && std::filesystem::exists(target) && !std::filesystem::is_regular_file(target)) {
    stream_ = std::fopen(path_.c_str(), "wb");
    if (!stream_) return reason(path_, errno);
    inPlace_ = true;
    return Status::success();
  }
  if (!status && std::filesystem::is_symlink(std::filesystem::symlink_status(path_, status))) {
    const std::filesystem::path resolved = std::filesystem::canonical(path_, status);
    if (!status) path_ = resolved.string();  // a dangling link: the link itself is replaced
  }
  // Beside the target, so that the final rename stays on one file system and is atomic.
  const size_t slash = path_.rfind('/');
  const std::string directory = slash == std::string::npos ? "" : path_.substr(0, slash + 1);
  const std::string name = slash == std::string::npos ? path_ : path_.substr(slash + 1);
  std::string pattern = directory + "." + name + ".tmp-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  const int descriptor = ::mkstemp(buffer.data());
  if (descriptor < 0) return reason(path_, errno);
  temporaryPath_ = buffer.data();
  useDefaultPermissions(descriptor);
  stream_ = ::fdopen(descriptor, "wb");
  if (!stream_) {
    const Status failed = reason(path_, errno);
    ::close(descriptor);
    discard();
    return failed;
  }
  return Status::success();
}

Status AtomicFile::commit() {
  if (!stream_) return Status::failure(path_ + ": not open");
  errno = 0;
  const bool written = std::fflush(stream_) == 0 && !std::ferror(stream_);
  int failure = errno;
  // A pipe or a terminal cannot be synced (EINVAL); only files need to reach the disk.
  const bool synced = written && (inPlace_ || ::fsync(::fileno(stream_)) == 0);
  if (written && !synced) failure = errno;
  const bool closed = std::fclose(stream_) == 0;
  stream_ = nullptr;
  if (written && synced && !closed) failure = errno;
  if (!written || !synced || !closed) {
    // stdio does not keep the errno of an earlier failed write; EIO stands in for it.
    discard();
    return reason(path_, failure != 0 ? failure : EIO);
  }
  if (!inPlace_ && std::rename(temporaryPath_.c_str(), path_.c_str()) != 0) {
    const Status failed = reason(path_, errno);
    discard();
    return failed;
  }
  committed_ = true;
  return Status::success();
}

void AtomicFile::discard() {
  if (stream_) std::fclose(stream_);
  stream_ = nullptr;
  if (!temporaryPath_.empty()) ::unlink(temporaryPath_.c_str());
  temporaryPath_.clear();
}

}  // namespace lockscope::sim
