// Registration of the spectral interval schedulers.
#pragma once

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::spectral {

// "scs" (the paper's algorithm, scs.hpp) and its repair (refine.hpp).
void register_schedulers(IntervalRegistry& registry);

}  // namespace arsim::schedulers::spectral
