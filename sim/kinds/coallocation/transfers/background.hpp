// Best-effort background traffic on one path: in every slot of `slot` seconds from `start` to
// `end`, a Poisson number of flows (mean `mean_flows`, from a seeded stream) between the path's
// end hosts. The network polices best effort to what the reservations leave free: the flows of a
// slot share, capped, the path's capacity minus the most it has reserved during the slot
// (ReservedSchedule), so they never take bandwidth a reserved transfer is owed; unreserved
// transfers share with them. A slot's flows stop at its end; what they carried is reported.
#pragma once

#include <random>

#include "sim/kinds/coallocation/output/events.hpp"
#include "sim/kinds/coallocation/transfers/hops.hpp"
#include "sim/kinds/coallocation/transfers/model.hpp"

namespace arsim::kinds::coallocation::transfers {

struct BackgroundConfig {
  double mean_flows = 0;  // per slot
  double slot = 600;      // s
  double start = 0;       // s
  double end = 0;         // s
};

class Background {
 public:
  Background(const Hop* hop, double capacity_gbps, const ReservedSchedule* reserved,
             BackgroundConfig config, std::mt19937_64 rng, EventSink* events);
  void operator()();

 private:
  void run_slot(double t0, double t1);

  const Hop* hop_;
  double capacity_gbps_;
  const ReservedSchedule* reserved_;
  BackgroundConfig config_;
  std::mt19937_64 rng_;
  EventSink* events_;
};

}  // namespace arsim::kinds::coallocation::transfers
