// The SimGrid engine of one run: started with the log threshold the options ask for, the platform
// loaded and read into the reservation graph. At most one per process (SimGrid allows one engine
// per process; the runner forks for more).
#pragma once

#include <memory>
#include <string>

#include <simgrid/s4u/Engine.hpp>

#include "sim/platform/platform_view.hpp"

namespace arsim::engine {

class Simulation {
 public:
  // verbose: the arsim log categories at info level; otherwise warnings only. Throws
  // platform::PlatformError for a platform that cannot become a reservation graph or that SimGrid
  // cannot use (checked in a child process first: platform/platform_check.hpp).
  Simulation(const std::string& platform_file, bool verbose,
             const platform::ReadOptions& options = {});

  platform::PlatformView& view() { return view_; }
  const platform::PlatformView& view() const { return view_; }
  // Runs the actors until none is left; returns the simulated end time.
  double run();

 private:
  std::unique_ptr<simgrid::s4u::Engine> engine_;
  platform::PlatformView view_;
};

}  // namespace arsim::engine
