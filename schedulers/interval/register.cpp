#include "schedulers/interval/register.hpp"

#include <memory>

#include "schedulers/interval/baselines.hpp"
#include "schedulers/interval/partition.hpp"

namespace arsim::schedulers::interval {

void register_baselines(IntervalRegistry& registry) {
  registry.add(
      {"maxima-is",
       "Maxima IS (SCS §6.2.2): by requested start; on conflict the task with the latest finish is "
       "deferred to the next period",
       {},
       [](const Params&) { return std::make_unique<MaximaIsScheduler>(false); }});
  registry.add(
      {"soft-maxima-is",
       "soft Maxima IS (SCS §6.2.3): Maxima IS whose removed task is shifted to the resource of "
       "earliest completion instead of deferred",
       {},
       [](const Params&) { return std::make_unique<MaximaIsScheduler>(true); }});
  const struct {
    const char* name;
    QueueOrder order;
    const char* what;
  } ects[] = {
      {"ect", QueueOrder::Input, "earliest completion time, tasks in input order (SCS §6.2.2)"},
      {"est-ect", QueueOrder::EarliestStart,
       "earliest start first, then earliest completion (SCS §6.2.3)"},
      {"edf-ect", QueueOrder::EarliestDeadline,
       "earliest deadline (2 x finish) first, then earliest completion (SCS §6.2.3)"},
      {"si-ect", QueueOrder::ShortestInterval,
       "shortest interval first, then earliest completion (SCS §6.2.3)"},
      {"llf-ect", QueueOrder::LeastLaxity,
       "least laxity (deadline - duration) first, then earliest completion (SCS §6.2.3)"},
  };
  for (const auto& e : ects) {
    const QueueOrder order = e.order;
    registry.add({e.name, e.what, {}, [order](const Params&) {
                    return std::make_unique<EctScheduler>(order);
                  }});
  }
}

void register_partitioners(IntervalRegistry& registry) {
  using O = PartitionOptions;
  const std::vector<ParamSpec> specs = {
      field("edge_scale", &O::edge_scale)
          .at_least(1)
          .at_most(1e6)
          .about("integer edge weight of sigma = a (non-overlapping pair)"),
      choice("vertex_weights", &O::duration_weights, {{"unit", false}, {"duration", true}})
          .about("balance tasks by count or by duration"),
      field("max_edges", &O::max_edges)
          .at_least(1)
          .at_most(2e9)
          .about("largest explicit graph, in adjacency entries N (N - 1)"),
      field("seed", &O::seed).at_least(0).at_most(2e9).about("the partitioner's random seed"),
  };
  for (const auto method : {Partitioner::Metis, Partitioner::Scotch}) {
    const bool metis = method == Partitioner::Metis;
    registry.add({metis ? "metis" : "scotch",
                  std::string(metis ? "METIS k-way" : "Scotch") +
                      " partition of the sigma graph (SCS §6.1.2), tasks shifted in request order",
                  specs, [method](const Params& p) {
                    PartitionOptions o = p.to<PartitionOptions>();
                    o.method = method;
                    return std::make_unique<PartitionScheduler>(o);
                  }});
  }
}

void register_schedulers(IntervalRegistry& registry) {
  register_baselines(registry);
  register_partitioners(registry);
}

}  // namespace arsim::schedulers::interval
