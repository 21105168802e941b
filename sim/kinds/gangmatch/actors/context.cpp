#include "sim/kinds/gangmatch/actors/context.hpp"

#include <stdexcept>

namespace arsim::kinds::gangmatch {

sg4::Mailbox* collector_mailbox() {
  return sg4::Mailbox::by_name("gangmatch:collector");
}

sg4::Mailbox* submit_mailbox(const std::string& user) {
  return sg4::Mailbox::by_name("gangmatch:submit:" + user);
}

sg4::Mailbox* votes_mailbox(const std::string& user) {
  return sg4::Mailbox::by_name("gangmatch:votes:" + user);
}

sg4::Mailbox* member_mailbox(const RunContext& ctx, Member m) {
  if (m.kind == MemberKind::License) return sg4::Mailbox::by_name("gangmatch:licenses");
  if (m.kind != MemberKind::Job) return sg4::Mailbox::by_name("gangmatch:" + member_name(m));
  if (!ctx.job_users || m.index < 0 || m.index >= static_cast<int>(ctx.job_users->size()))
    throw std::logic_error("member_mailbox: unknown job " + std::to_string(m.index));
  return submit_mailbox((*ctx.job_users)[m.index]);
}

void post_to_resource(const RunContext& ctx, Member to, protocol::ResourceMessage message,
                      double bytes) {
  if (to.kind == MemberKind::Job) throw std::logic_error("post_to_resource: a job is no resource");
  post(member_mailbox(ctx, to), protocol::ToResource{to, std::move(message)}, bytes);
}

void advertise(ResourceState& state) {
  if (state.hold() != Hold::Free) return;
  const long version = state.next_version();
  if (auto ad = state.advertisement())
    post(collector_mailbox(),
         protocol::CollectorMessage{protocol::Advertise{state.id(), version, *ad, 0}},
         kControlBytes + kBytesPerAd);
  else
    post(collector_mailbox(), protocol::CollectorMessage{protocol::Withdraw{state.id(), version}},
         kControlBytes);
}

}  // namespace arsim::kinds::gangmatch
