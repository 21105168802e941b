// Who takes part in a gangmatching run (Raman et al. §2): jobs (advertised by submit agents, the
// roots of gangs), workstations and licenses (advertised by their agents). A member is named by
// its kind and its index in the workload; names are "job7", "ws3" (the workstation's Name and
// host) and "lic5". Pure: no SimGrid.
#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace arsim::kinds::gangmatch {

enum class MemberKind { Job, Workstation, License };

struct Member {
  MemberKind kind = MemberKind::Job;
  int index = -1;
  auto operator<=>(const Member&) const = default;
};

// "job", "workstation", "license".
std::string kind_name(MemberKind kind);
// "job7", "ws3", "lic5".
std::string member_name(Member m);
// The member a name stands for, or nothing ("ws03" and "ws-1" are not names).
std::optional<Member> parse_member(std::string_view name);

}  // namespace arsim::kinds::gangmatch
