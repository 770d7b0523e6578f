// Runs a fuzz target's entry point over files, without libFuzzer: the crash reproducers kept in
// fuzz/regressions/ and the seed corpus, as an ordinary test in the ordinary (g++) build. Each
// argument is a file or a directory (every regular file below it). A crash fails the test.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool runFile(const std::filesystem::path& path, size_t& count) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    std::fprintf(stderr, "%s: cannot open\n", path.c_str());
    return false;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(file)),
                                std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  ++count;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  size_t count = 0;
  for (int index = 1; index < argc; ++index) {
    const std::filesystem::path path(argv[index]);
    if (std::filesystem::is_directory(path)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
        if (entry.is_regular_file() && !runFile(entry.path(), count)) return 1;
      }
    } else if (!runFile(path, count)) {
      return 1;
    }
  }
  if (count == 0) {
    std::fprintf(stderr, "no inputs found\n");
    return 1;
  }
  std::printf("%zu inputs ran without a crash\n", count);
  return 0;
}
