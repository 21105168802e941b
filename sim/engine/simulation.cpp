#include "sim/engine/simulation.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_CATEGORY(arsim, "arsim: advance-reservation co-allocation simulator");

namespace arsim::engine {

namespace sg4 = simgrid::s4u;

Simulation::Simulation(const std::string& platform_file, bool verbose) {
  int argc = 2;
  std::string log = verbose ? "--log=arsim.thresh:info" : "--log=root.thresh:warning";
  char arg0[] = "arsim";
  char* argv[] = {arg0, log.data(), nullptr};
  engine_ = std::make_unique<sg4::Engine>(&argc, argv);
  engine_->load_platform(platform_file);
  view_ = platform::read_platform(*engine_, platform_file);
}

double Simulation::run() {
  engine_->run();
  return sg4::Engine::get_clock();
}

}  // namespace arsim::engine
