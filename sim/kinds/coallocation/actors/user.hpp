// A grid user: submits its requests to the GRC at their submit times and collects the decisions.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/request.hpp"
#include "sim/actors/courier.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"

namespace arsim::kinds::coallocation {

class User {
 public:
  using Submissions = actors::Courier<protocol::GrcMessage>;

  // `requests` must all belong to `name` and be sorted by submit time. `submissions` carries them
  // to the GRC's mailbox; the users of a run share one (sim/actors/courier.hpp), so the GRC reads
  // the submissions of all users in the order they were made.
  User(std::string name, std::vector<model::Request> requests,
       std::shared_ptr<Submissions> submissions);
  void operator()();

 private:
  std::string name_;
  std::vector<model::Request> requests_;
  std::shared_ptr<Submissions> submissions_;
};

}  // namespace arsim::kinds::coallocation
