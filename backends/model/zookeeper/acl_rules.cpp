#include "acl_rules.h"

#include <algorithm>
#include <array>
#include <optional>

#include "backends/api/sha1.h"
#include "base64.h"
#include "java_text.h"

namespace lockscope::zookeeper::model {
namespace {

const Acl kOpenAcl{"world", "anyone", kAllPermissions};

// Id.hashCode(), jute's generated one, then ConcurrentHashMap.spread.
uint32_t bucketHash(const ClientIdentity& id) {
  int32_t hash = 17;
  hash = static_cast<int32_t>(37U * static_cast<uint32_t>(hash) +
                              static_cast<uint32_t>(javaHashCode(id.scheme)));
  hash = static_cast<int32_t>(37U * static_cast<uint32_t>(hash) +
                              static_cast<uint32_t>(javaHashCode(id.user)));
  const auto h = static_cast<uint32_t>(hash);
  return (h ^ (h >> 16)) & 0x7fffffffU;
}

// String.split(regex) without a limit: trailing empty parts dropped.
std::vector<std::string_view> javaSplit(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(separator, start);
    parts.push_back(text.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  while (parts.size() > 1 && parts.back().empty()) parts.pop_back();
  return parts;
}

// Integer.parseInt for small non-negative decimal values (the address parts and mask bits).
std::optional<int> parseSmallInt(std::string_view text) {
  size_t at = (!text.empty() && (text[0] == '+' || text[0] == '-')) ? 1 : 0;
  if (at == text.size() || text.size() - at > 9) return std::nullopt;
  int value = 0;
  for (; at < text.size(); ++at) {
    if (text[at] < '0' || text[at] > '9') return std::nullopt;
    value = value * 10 + (text[at] - '0');
  }
  return text[0] == '-' ? -value : value;
}

// IPAuthenticationProvider.v4addr2Bytes: four dot-separated parts 0..255 (no IPv6 in 3.8.0:
// `ip:::1` is an invalid ACL there).
std::optional<std::array<uint8_t, 4>> ipv4Bytes(std::string_view text) {
  std::array<uint8_t, 4> bytes{};
  size_t start = 0;
  for (size_t i = 0; i < 4; ++i) {
    const size_t dot = text.find('.', start);
    if ((i < 3) == (dot == std::string_view::npos)) return std::nullopt;
    const auto part = parseSmallInt(
        text.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (!part || *part < 0 || *part > 255) return std::nullopt;
    bytes[i] = static_cast<uint8_t>(*part);
    start = dot + 1;
  }
  return bytes;
}

// An ip ACL id: the address and how many leading bits count (32 without a mask).
struct IpPattern {
  std::array<uint8_t, 4> address{};
  int bits = 32;
};

std::optional<IpPattern> ipPattern(std::string_view id) {
  const size_t slash = id.find('/');
  IpPattern pattern;
  const auto address = ipv4Bytes(id.substr(0, slash));
  if (!address) return std::nullopt;
  pattern.address = *address;
  if (slash != std::string_view::npos) {
    const auto bits = parseSmallInt(id.substr(slash + 1));
    if (!bits || *bits < 0 || *bits > 32) return std::nullopt;
    pattern.bits = *bits;
  }
  return pattern;
}

bool ipMatches(std::string_view clientAddress, std::string_view aclId) {
  const auto pattern = ipPattern(aclId);
  const auto client = ipv4Bytes(clientAddress);
  if (!pattern || !client) return false;
  for (int bit = 0; bit < pattern->bits; ++bit) {
    const uint8_t mask = static_cast<uint8_t>(0x80U >> (bit % 8));
    if ((pattern->address[bit / 8] & mask) != ((*client)[bit / 8] & mask)) return false;
  }
  return true;
}

// ServerAuthenticationProvider.isValid of the registered schemes.
bool validId(const Acl& entry) {
  if (entry.scheme == "digest") return javaSplit(entry.id, ':').size() == 2;
  if (entry.scheme == "ip") return ipPattern(entry.id).has_value();
  return false;
}

}  // namespace

std::string digestId(std::string_view userAndPassword) {
  const auto hash = lockscope::sha1(userAndPassword);
  const std::string user(userAndPassword.substr(0, userAndPassword.find(':')));
  return user + ":" +
         base64(std::string_view(reinterpret_cast<const char*>(hash.data()), hash.size()));
}

AuthIdentities::AuthIdentities(std::string address) { add({"ip", std::move(address)}); }

void AuthIdentities::add(ClientIdentity identity) {
  if (std::find(inserted_.begin(), inserted_.end(), identity) != inserted_.end()) return;
  inserted_.push_back(std::move(identity));
  size_t buckets = 16;
  while (inserted_.size() >= buckets * 3 / 4) buckets *= 2;
  ordered_ = inserted_;
  std::stable_sort(ordered_.begin(), ordered_.end(),
                   [buckets](const ClientIdentity& a, const ClientIdentity& b) {
                     return (bucketHash(a) & (buckets - 1)) < (bucketHash(b) & (buckets - 1));
                   });
}

std::vector<ClientIdentity> whoAmINames(const AuthIdentities& ids) {
  std::vector<ClientIdentity> names = ids.inOrder();
  for (ClientIdentity& name : names)
    if (name.scheme == "digest") name.user = name.user.substr(0, name.user.find(':'));
  return names;
}

bool aclAllows(const AclList& acl, int32_t permissions, const AuthIdentities& ids) {
  if (!acl || acl->empty()) return true;  // the open ACL; an empty one is not checked either
  for (const Acl& entry : *acl) {
    if ((entry.permissions & permissions) == 0) continue;
    if (entry.scheme == "world" && entry.id == "anyone") return true;
    for (const ClientIdentity& id : ids.inOrder()) {
      if (id.scheme != entry.scheme) continue;
      if (entry.scheme == "digest" && id.user == entry.id) return true;
      if (entry.scheme == "ip" && ipMatches(id.user, entry.id)) return true;
    }
  }
  return false;
}

ErrorCode fixupAcl(const std::vector<Acl>& requested, const AuthIdentities& ids, AclList& fixed) {
  std::vector<Acl> unique;
  for (const Acl& entry : requested)
    if (std::find(unique.begin(), unique.end(), entry) == unique.end()) unique.push_back(entry);
  if (unique.empty()) return ErrorCode::InvalidAcl;
  std::vector<Acl> result;
  for (const Acl& entry : unique) {
    if (entry.scheme == "world" && entry.id == "anyone") {
      result.push_back(entry);
    } else if (entry.scheme == "auth") {
      // Only digest identities are "authenticated" (the ip provider's isAuthenticated is false).
      bool expanded = false;
      for (const ClientIdentity& id : ids.inOrder()) {
        if (id.scheme != "digest") continue;
        result.push_back({id.scheme, id.user, entry.permissions});
        expanded = true;
      }
      if (!expanded) return ErrorCode::InvalidAcl;
    } else if (validId(entry)) {
      result.push_back(entry);
    } else {
      return ErrorCode::InvalidAcl;
    }
  }
  if (result.size() == 1 && result.front() == kOpenAcl) fixed = nullptr;
  else fixed = std::make_shared<const std::vector<Acl>>(std::move(result));
  return ErrorCode::Ok;
}

std::vector<Acl> aclEntries(const AclList& acl) { return acl ? *acl : std::vector<Acl>{kOpenAcl}; }

std::vector<Acl> withDigestsHidden(std::vector<Acl> acl) {
  for (Acl& entry : acl)
    if (entry.scheme == "digest" && entry.id.find(':') != std::string::npos)
      entry.id = entry.id.substr(0, entry.id.find(':')) + ":x";  // replaceAll(":.*", ":x")
  return acl;
}

}  // namespace lockscope::zookeeper::model
