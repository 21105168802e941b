#include "schedulers/builtins.hpp"

#include "schedulers/ctaap/planner.hpp"
#include "schedulers/external/external.hpp"
#include "schedulers/gangmatch/register.hpp"
#include "schedulers/greedy/greedy.hpp"
#include "schedulers/gridars_ip/gridars_ip.hpp"
#include "schedulers/interval/register.hpp"
#include "schedulers/matching/register.hpp"
#include "schedulers/spectral/register.hpp"

namespace arsim::schedulers {

void register_builtins(Registries& r) {
  greedy::register_planner(r.planners);
  gridars_ip::register_planner(r.planners);
  ctaap::register_planners(r.planners);
  interval::register_schedulers(r.intervals);
  spectral::register_schedulers(r.intervals);
  matching::register_matchers(r.matchers);
  gangmatch::register_matchers(r.gang_matchers);
  external::register_external(r);
}

}  // namespace arsim::schedulers
