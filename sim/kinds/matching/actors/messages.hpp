// Typed messages of an on-line matching run (Garbacki & Naik §4, Fig. 1): job submitters, resource
// providers and running jobs write to the Resource Matcher's mailbox (one variant); the matcher
// answers each submitter on its own mailbox. Mailbox names and simulated message sizes.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <simgrid/s4u/Mailbox.hpp>

#include "sim/actors/spawn.hpp"

namespace arsim::kinds::matching {

namespace sg4 = simgrid::s4u;

// Submitter -> matcher: a job (its index in the workload) to queue.
struct Submit {
  int job = -1;
  int submitter = -1;
  sg4::Mailbox* reply = nullptr;
};
// Submitter -> matcher: this submitter sent `jobs` jobs and sends no more. Counting them lets the
// matcher wait for a Submit still on its way (a short message can overtake a longer one).
struct SubmitterDone {
  int submitter = -1;
  int jobs = 0;
};
// Provider -> matcher: the offers of every resource of one type (state.hpp, background.hpp).
struct Report {
  int type = -1;
  double measured = 0;  // when the provider measured them
  std::vector<std::vector<double>> offered;
};
// Running job -> matcher: the job finished; its capacities are free.
struct Released {
  int job = -1;
};

using MatcherMessage = std::variant<Submit, SubmitterDone, Report, Released>;

// Matcher -> submitter: the job was matched (and started) or will never be.
struct Answer {
  int job = -1;
  bool matched = false;
};

inline sg4::Mailbox* matcher_mailbox() {
  return sg4::Mailbox::by_name("matcher");
}
inline sg4::Mailbox* submitter_mailbox(int submitter) {
  return sg4::Mailbox::by_name("submitter:" + std::to_string(submitter));
}

// Simulated sizes, in bytes: a job description or answer (an XML document in the paper), and a
// report of per-value size.
constexpr double kMessageBytes = 1024;
constexpr double kBytesPerOffer = 16;

// Sends without waiting for the receiver; the receiver owns the message through get_unique<T>().
template <class T>
void send(sg4::Mailbox* to, T message, double bytes) {
  actors::post(to, std::move(message), bytes);
}

}  // namespace arsim::kinds::matching
