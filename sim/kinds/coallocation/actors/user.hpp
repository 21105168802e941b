// A grid user: submits its requests to the GRC at their submit times and collects the decisions;
// with a resubmission policy (resubmit.hpp), submits a new attempt after each rejection.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/request.hpp"
#include "sim/actors/courier.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"
#include "sim/kinds/coallocation/resubmit.hpp"

namespace arsim::kinds::coallocation {

// What a user needs to resubmit: its policy, the next free request id (shared by the users of a
// run, so ids stay unique; it starts after every id of the workload) and where it reports each
// attempt. Without attempts the user never reads the others.
struct Resubmission {
  ResubmitPolicy policy;
  std::shared_ptr<int> next_id;
  EventSink* events = nullptr;
  // A run with failures: an accepted request may be released until its frame ends (the GRC's
  // notice, messages.hpp Decision::released); the policy then applies as to a rejection.
  bool monitored = false;
};

class User {
 public:
  using Submissions = actors::Courier<protocol::GrcMessage>;

  // `requests` must all belong to `name` and be sorted by submit time. `submissions` carries them
  // to the GRC's mailbox; the users of a run share one (sim/actors/courier.hpp), so the GRC reads
  // the submissions of all users in the order they were made.
  User(std::string name, std::vector<model::Request> requests,
       std::shared_ptr<Submissions> submissions, Resubmission resubmission = {});
  void operator()();

 private:
  // A request submitted or waiting to be: which workload request it resubmits, and which attempt.
  struct Pending {
    model::Request request;
    int original = -1;
    int attempt = 0;
  };
  void submit_all(sg4::Mailbox* inbox);
  void submit_and_resubmit(sg4::Mailbox* inbox);
  // Queues the attempt after the rejection of `p` at `rejected`, in submit order, when the policy
  // has one left.
  void queue_attempt(const Pending& p, double rejected);

  std::string name_;
  std::vector<model::Request> requests_;
  std::shared_ptr<Submissions> submissions_;
  Resubmission resubmission_;
  std::vector<Pending> queue_;  // not yet submitted, by submit time
  std::size_t accepted_ = 0, decided_ = 0;
};

}  // namespace arsim::kinds::coallocation
