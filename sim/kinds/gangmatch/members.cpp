#include "sim/kinds/gangmatch/members.hpp"

#include <charconv>

namespace arsim::kinds::gangmatch {

namespace {
const char* prefix(MemberKind kind) {
  switch (kind) {
    case MemberKind::Job:
      return "job";
    case MemberKind::Workstation:
      return "ws";
    case MemberKind::License:
      return "lic";
  }
  return "?";
}
}  // namespace

std::string kind_name(MemberKind kind) {
  switch (kind) {
    case MemberKind::Job:
      return "job";
    case MemberKind::Workstation:
      return "workstation";
    case MemberKind::License:
      return "license";
  }
  return "?";
}

std::string member_name(Member m) {
  return prefix(m.kind) + std::to_string(m.index);
}

std::optional<Member> parse_member(std::string_view name) {
  for (MemberKind kind : {MemberKind::Job, MemberKind::Workstation, MemberKind::License}) {
    const std::string_view p = prefix(kind);
    if (name.substr(0, p.size()) != p) continue;
    const std::string_view digits = name.substr(p.size());
    if (digits.empty() || (digits.size() > 1 && digits[0] == '0')) return std::nullopt;
    int index = -1;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (ec != std::errc() || end != digits.data() + digits.size() || index < 0) return std::nullopt;
    return Member{kind, index};
  }
  return std::nullopt;
}

}  // namespace arsim::kinds::gangmatch
