#include "sim/kinds/coallocation/transfers/background.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <fmt/format.h>

#include "model/random.hpp"
#include "sim/kinds/coallocation/transfers/flow.hpp"

namespace arsim::kinds::coallocation::transfers {

namespace sg4 = simgrid::s4u;

Background::Background(const Hop* hop, double capacity_gbps, const ReservedSchedule* reserved,
                       BackgroundConfig config, std::mt19937_64 rng, EventSink* events)
    : hop_(hop),
      capacity_gbps_(capacity_gbps),
      reserved_(reserved),
      config_(config),
      rng_(rng),
      events_(events) {
  if (!hop_ || !reserved_ || !events_) throw std::invalid_argument("Background: incomplete");
  if (!(config_.slot > 0)) throw std::invalid_argument("Background: slot must be > 0");
}

void Background::operator()() {
  sg4::Actor::self()->daemonize();  // traffic goes on while the run has work, no longer
  for (long k = 0;; ++k) {
    const double t0 = config_.start + static_cast<double>(k) * config_.slot;
    if (t0 >= config_.end) break;
    const double t1 = std::min(config_.end, t0 + config_.slot);
    sg4::this_actor::sleep_until(t0);
    run_slot(t0, t1);
  }
}

void Background::run_slot(double t0, double t1) {
  const int flows = poisson(rng_, config_.mean_flows);
  double free_gbps = capacity_gbps_;
  for (int e : hop_->edges)
    free_gbps = std::min(free_gbps, capacity_gbps_ - reserved_->peak(e, t0, t1));
  if (flows == 0 || !(free_gbps > 0)) {
    sg4::this_actor::sleep_until(t1);
    return;
  }
  // Each flow may carry what its cap allows in the slot and is cut at the slot's end (slowed by
  // unreserved transfers, it carries less); what it carried is spread over the slot.
  const double rate = gbps_to_bytes_per_second(free_gbps) / flows;
  const double payload = std::floor(rate * (t1 - t0));
  if (!(payload >= 1)) {
    sg4::this_actor::sleep_until(t1);
    return;
  }
  const std::vector<int> edges = hop_->edges;
  for (int i = 0; i < flows; ++i)
    start_flow(fmt::format("bg:{}>{}:{}:{}", hop_->from->get_name(), hop_->to->get_name(), t0, i),
               hop_->from, hop_->to, {payload, rate, t1, true},
               [events = events_, edges, t0](double end, double carried) {
                 events->on(FlowFinished{{edges, t0, end, carried}});
               });
  sg4::this_actor::sleep_until(t1);
}

}  // namespace arsim::kinds::coallocation::transfers
