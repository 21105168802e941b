#include "schedulers/builtins.hpp"

#include "schedulers/greedy/greedy.hpp"

namespace arsim::schedulers {

void register_builtins(Registries& r) {
  greedy::register_planner(r.planners);
}

}  // namespace arsim::schedulers
