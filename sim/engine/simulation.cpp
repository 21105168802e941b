#include "sim/engine/simulation.hpp"

#include <xbt/log.h>

#include "sim/actors/spawn.hpp"
#include "sim/engine/start_engine.hpp"
#include "sim/platform/platform_check.hpp"

XBT_LOG_NEW_CATEGORY(arsim, "arsim: advance-reservation co-allocation simulator");

namespace arsim::engine {

namespace sg4 = simgrid::s4u;

Simulation::Simulation(const std::string& platform_file, bool verbose,
                       const platform::ReadOptions& options) {
  platform::check_platform_in_child(platform_file, options);
  engine_ = start_engine({verbose ? "--log=arsim.thresh:info" : "--log=root.thresh:warning"});
  engine_->load_platform(platform_file);
  engine_->seal_platform();  // routes of cluster and Vivaldi zones are complete only once sealed
  view_ = platform::read_platform(*engine_, platform_file, options);
}

double Simulation::run() {
  engine_->run();
  actors::rethrow_failure();
  return sg4::Engine::get_clock();
}

}  // namespace arsim::engine
