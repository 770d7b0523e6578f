#include "zk_shell_java_numbers.h"

namespace lockscope::cli {

// Integer.parseInt: an optional sign and decimal digits that fit 32 bits.
bool parseJavaInt(const std::string& text, int32_t& value) {
  size_t at = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
  if (at == text.size()) return false;
  long long result = 0;
  for (; at < text.size(); ++at) {
    if (text[at] < '0' || text[at] > '9') return false;
    result = result * 10 + (text[at] - '0');
    if (result > 2147483648LL) return false;
  }
  if (text[0] == '-') result = -result;
  if (result > INT32_MAX || result < INT32_MIN) return false;
  value = static_cast<int32_t>(result);
  return true;
}

// Long.parseLong: an optional sign and decimal digits that fit 64 bits.
bool parseJavaLong(const std::string& text, int64_t& value) {
  const bool negative = !text.empty() && text[0] == '-';
  size_t at = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
  if (at == text.size()) return false;
  // Accumulated negatively, as Java does, so that Long.MIN_VALUE fits too.
  int64_t result = 0;
  for (; at < text.size(); ++at) {
    if (text[at] < '0' || text[at] > '9') return false;
    const int digit = text[at] - '0';
    if (result < (INT64_MIN + digit) / 10) return false;
    result = result * 10 - digit;
  }
  if (!negative && result == INT64_MIN) return false;
  value = negative ? result : -result;
  return true;
}

}  // namespace lockscope::cli
