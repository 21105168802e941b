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
  const std::vector<ParamSpec> specs = {
      legacy_spec("edge_scale", ParamType::Int, "1000",
                  "integer edge weight of sigma = a (non-overlapping pair)", {}, 1, 1e6),
      legacy_spec("vertex_weights", ParamType::String, "unit",
                  "balance tasks by count or by duration", {"unit", "duration"}),
      legacy_spec("max_edges", ParamType::Int, "20000000",
                  "largest explicit graph, in adjacency entries N (N - 1)", {}, 1, 2e9),
      legacy_spec("seed", ParamType::Int, "1", "the partitioner's random seed", {}, 0, 2e9),
  };
  for (const auto method : {Partitioner::Metis, Partitioner::Scotch}) {
    const bool metis = method == Partitioner::Metis;
    registry.add({metis ? "metis" : "scotch",
                  std::string(metis ? "METIS k-way" : "Scotch") +
                      " partition of the sigma graph (SCS §6.1.2), tasks shifted in request order",
                  specs, [method](const Params& p) {
                    PartitionOptions o;
                    o.method = method;
                    o.edge_scale = p.get_int("edge_scale");
                    o.duration_weights = p.get_string("vertex_weights") == "duration";
                    o.max_edges = p.get_int("max_edges");
                    o.seed = p.get_int("seed");
                    return std::make_unique<PartitionScheduler>(o);
                  }});
  }
}

void register_schedulers(IntervalRegistry& registry) {
  register_baselines(registry);
  register_partitioners(registry);
}

}  // namespace arsim::schedulers::interval
