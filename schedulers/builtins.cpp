#include "schedulers/builtins.hpp"

#include "schedulers/greedy/greedy.hpp"
#include "schedulers/gridars_ip/gridars_ip.hpp"

namespace arsim::schedulers {

void register_builtins(Registries& r) {
  greedy::register_planner(r.planners);
  gridars_ip::register_planner(r.planners);
}

}  // namespace arsim::schedulers
