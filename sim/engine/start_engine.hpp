// Every SimGrid engine arsim starts: a run's (engine::Simulation), the platform check's child
// (platform/platform_check.cpp) and the simulation tests'. One place, so that a setting every
// engine needs is given once.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <simgrid/s4u/Engine.hpp>

namespace arsim::engine {

// An engine started with `settings` as its command line (`--log=...`, `--cfg=...`). In a build
// with the sanitizers (ARSIM_SANITIZE) actors also run as threads: SimGrid's default contexts
// switch between stacks that AddressSanitizer is not told about, and it reports the switch back
// from an ending actor as a stack overflow. The setting must be on the command line: set after
// the engine exists, it no longer changes the context factory.
std::unique_ptr<simgrid::s4u::Engine> start_engine(const std::vector<std::string>& settings);

}  // namespace arsim::engine
