// Crashes of a coordinator's process (keys failures.coordinator.*; docs/design/coallocation.md,
// Control-plane faults). The GRC is up for a drawn time to failure, then killed wherever it is
// waiting (for a reply, a vote, its planning delay or its next message), and started again after
// a drawn time to repair with the same object: what it wrote to its log survives, what it was
// doing is settled by Grc::recover. A crash is the process's, not its host's: in a run with
// failures the compute RMs run on the coordinator's host and do not fail with it.
#pragma once

#include <memory>
#include <random>
#include <string>

#include <simgrid/s4u/Actor.hpp>

#include "sim/kinds/coallocation/actors/grc.hpp"

namespace arsim::kinds::coallocation {

// Starts the actor of `grc` named `name` on `host`.
sg4::ActorPtr start_grc(const std::shared_ptr<Grc>& grc, const std::string& name, sg4::Host* host);

class CoordinatorCrashes {
 public:
  // `actor`: the running actor of `grc`; `events`: where the crashes and restarts are recorded.
  CoordinatorCrashes(std::shared_ptr<Grc> grc, sg4::ActorPtr actor, std::string name, double ttf,
                     double ttr, std::string law, std::mt19937_64 rng, EventSink& events);
  void operator()();

 private:
  std::shared_ptr<Grc> grc_;
  sg4::ActorPtr actor_;
  std::string name_;
  sg4::Host* host_;
  double ttf_, ttr_;
  std::string law_;
  std::mt19937_64 rng_;
  EventSink& events_;
};

}  // namespace arsim::kinds::coallocation
