#include "sim/kinds/interval/output/speed_log.hpp"

#include <simgrid/s4u/Engine.hpp>

namespace arsim::kinds::interval {

namespace sg4 = simgrid::s4u;

namespace {
void record(SpeedSteps& steps, const sg4::Host& host) {
  steps.date.push_back(sg4::Engine::get_clock());
  steps.scale.push_back(host.get_available_speed());
}
}  // namespace

SpeedLog::SpeedLog(const std::vector<sg4::Host*>& hosts) : steps_(hosts.size()) {
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    index_[hosts[i]].push_back(i);
    record(steps_[i], *hosts[i]);
  }
  connection_ = sg4::Host::on_speed_change.connect([this](const sg4::Host& host) {
    if (const auto it = index_.find(&host); it != index_.end())
      for (auto i : it->second) record(steps_[i], host);
  });
}

SpeedLog::~SpeedLog() {
  sg4::Host::on_speed_change.disconnect(connection_);
}

}  // namespace arsim::kinds::interval
