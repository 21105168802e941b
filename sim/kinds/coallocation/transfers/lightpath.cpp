#include "sim/kinds/coallocation/transfers/lightpath.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <xbt/log.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/kinds/coallocation/transfers/flow.hpp"
#include "sim/kinds/coallocation/transfers/model.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_lightpath, arsim, "Transfers over reserved paths");

namespace arsim::kinds::coallocation::transfers {

namespace sg4 = simgrid::s4u;

Lightpath::Lightpath(const std::vector<Hop>* hops, std::vector<int> route, TransferRecord planned,
                     EventSink* events)
    : hops_(hops), route_(std::move(route)), transfer_(std::move(planned)), events_(events) {
  if (!hops_ || !events_) throw std::invalid_argument("Lightpath: no hops or no sink");
  if (route_.empty()) throw std::invalid_argument("Lightpath: empty route");
  for (int e : route_)
    if (e < 0 || e >= static_cast<int>(hops_->size()))
      throw std::invalid_argument("Lightpath: route names an unknown edge");
  if (!(transfer_.bytes > 0)) throw std::invalid_argument("Lightpath: nothing to carry");
  if (transfer_.rate_capped && !(transfer_.reserved_gbps > 0))
    throw std::invalid_argument("Lightpath: a capped transfer needs a reserved bandwidth");
}

void Lightpath::operator()() {
  sg4::this_actor::sleep_until(transfer_.reserved.start);
  const double start = sg4::Engine::get_clock();
  const double rate = transfer_.rate_capped ? gbps_to_bytes_per_second(transfer_.reserved_gbps) : 0;
  const std::string name = fmt::format("lp:{}:{}:", transfer_.request_id, transfer_.pair);
  std::vector<sg4::ActorPtr> senders;
  std::vector<std::shared_ptr<double>> ends;
  for (std::size_t i = 0; i < route_.size(); ++i) {
    const Hop& hop = (*hops_)[route_[i]];
    ends.push_back(std::make_shared<double>(start));
    senders.push_back(start_flow(name + std::to_string(i), hop.from, hop.to,
                                 {transfer_.bytes, rate, 0, false},
                                 [end = ends.back()](double t, double) { *end = t; }));
  }
  double last = start;
  for (std::size_t i = 0; i < route_.size(); ++i) {
    senders[i]->join();
    events_->on(FlowFinished{{(*hops_)[route_[i]].edges, start, *ends[i], transfer_.bytes}});
    last = std::max(last, *ends[i]);
    XBT_VERB("request %d pair %d hop %zu ended at %g", transfer_.request_id, transfer_.pair, i,
             *ends[i]);
  }
  transfer_.start = start;
  transfer_.end = last;
  events_->on(TransferFinished{transfer_});
}

}  // namespace arsim::kinds::coallocation::transfers
