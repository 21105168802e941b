// Registration of every scheduler of this folder in the interval-scheduler registry.
#pragma once

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::interval {

// maxima-is, soft-maxima-is, ect, est-ect, edf-ect, si-ect, llf-ect, metis, scotch.
void register_schedulers(IntervalRegistry& registry);

}  // namespace arsim::schedulers::interval
