#include "sim/engine/start_engine.hpp"

namespace arsim::engine {

std::unique_ptr<simgrid::s4u::Engine> start_engine(const std::vector<std::string>& settings) {
  std::vector<std::string> words{"arsim"};
  words.insert(words.end(), settings.begin(), settings.end());
#ifdef ARSIM_SANITIZE
  words.emplace_back("--cfg=contexts/factory:thread");
#endif
  // The engine reads (and may reorder) argv while it is constructed; the strings outlive it.
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(words.size());
  return std::make_unique<simgrid::s4u::Engine>(&argc, argv.data());
}

}  // namespace arsim::engine
