#include "sim/kinds/coallocation/actors/user.hpp"

#include <algorithm>
#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_user, arsim, "Grid users");

namespace arsim::kinds::coallocation {

User::User(std::string name, std::vector<model::Request> requests,
           std::shared_ptr<Submissions> submissions)
    : name_(std::move(name)), requests_(std::move(requests)), submissions_(std::move(submissions)) {
  if (!submissions_) throw std::invalid_argument("User " + name_ + ": no submission courier");
  for (const auto& r : requests_)
    if (r.user != name_) throw std::invalid_argument("User " + name_ + ": request of " + r.user);
  if (!std::is_sorted(requests_.begin(), requests_.end(),
                      [](const auto& a, const auto& b) { return a.submit < b.submit; }))
    throw std::invalid_argument("User " + name_ + ": requests not sorted by submit time");
}

void User::operator()() {
  sg4::Mailbox* inbox = sg4::Mailbox::by_name("user:" + name_);
  for (const auto& r : requests_) {
    sg4::this_actor::sleep_until(r.submit);
    submissions_->send(protocol::Submit{r, inbox}, kControlMessageBytes);
  }
  std::size_t accepted = 0;
  for (std::size_t i = 0; i < requests_.size(); ++i)
    accepted += inbox->get_unique<protocol::Decision>()->accepted ? 1 : 0;
  XBT_INFO("%s: %zu of %zu requests accepted", name_.c_str(), accepted, requests_.size());
}

}  // namespace arsim::kinds::coallocation
