// org.apache.zookeeper.StatsTrack of ZooKeeper 3.8: the text of a quota's limits node
// ("count=2,bytes=-1=;byteHardLimit=-1;countHardLimit=-1") and of its stats node
// ("count=1,bytes=5"), as zkCli's quota commands read, change and write it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace lockscope::cli {

class StatsTrack {
 public:
  // Java's `new StatsTrack(text)`: pairs split at runs of ',' and ';', each "key=value" (an empty
  // value is -1, a later key wins). Text Java cannot read yields the message of the exception
  // zkCli would die of instead.
  static std::optional<StatsTrack> parse(const std::string& text, std::string& error);

  // A missing key reads as -1, as in Java.
  int64_t count() const { return value(kCount); }
  int64_t bytes() const { return value(kBytes); }
  int64_t countHardLimit() const { return value(kCountHardLimit); }
  int64_t byteHardLimit() const { return value(kByteHardLimit); }
  void setCount(int64_t count) { values_[kCount] = count; }
  void setBytes(int64_t bytes) { values_[kBytes] = bytes; }
  void setCountHardLimit(int64_t count) { values_[kCountHardLimit] = count; }
  void setByteHardLimit(int64_t bytes) { values_[kByteHardLimit] = bytes; }

  // toString(): count and bytes first (old readers only know those), then, if any other key is
  // set, "=" (which old parsers skip) and ";key=value" for each in key order.
  std::string text() const;

 private:
  static constexpr const char* kCount = "count";
  static constexpr const char* kBytes = "bytes";
  static constexpr const char* kCountHardLimit = "countHardLimit";
  static constexpr const char* kByteHardLimit = "byteHardLimit";

  int64_t value(const std::string& key) const {
    const auto found = values_.find(key);
    return found == values_.end() ? -1 : found->second;
  }

  // Sorted as Collections.sort sorts the keys toString() writes (ASCII keys: the same order).
  std::map<std::string, int64_t> values_;
};

}  // namespace lockscope::cli
