#include "sim/kinds/coallocation/failures/process.hpp"

#include <algorithm>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include "model/random.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/kinds/coallocation/failures/board.hpp"
#include "sim/platform/failure_profiles.hpp"
#include "sim/scenario/config.hpp"

namespace arsim::kinds::coallocation {

namespace {

namespace sg4 = simgrid::s4u;

// Up for a drawn TTF, down for a drawn TTR, again and again until the run ends (a daemon).
class FailureProcess {
 public:
  FailureProcess(sg4::Host* host, sg4::Link* link, double ttf, double ttr, std::string law,
                 std::mt19937_64 rng)
      : host_(host), link_(link), ttf_(ttf), ttr_(ttr), law_(std::move(law)), rng_(rng) {}

  void operator()() {
    sg4::Actor::self()->daemonize();
    for (;;) {
      sg4::this_actor::sleep_for(draw_duration(law_, ttf_, rng_));
      switch_to(false);
      sg4::this_actor::sleep_for(draw_duration(law_, ttr_, rng_));
      switch_to(true);
    }
  }

 private:
  // The board hears the change in maestro; the actors it asks for start from here, before the
  // jobs the change killed have ended (and with them, perhaps, the run).
  void switch_to(bool on) {
    if (host_) on ? host_->turn_on() : host_->turn_off();
    if (link_) on ? link_->turn_on() : link_->turn_off();
    FailureBoard::start_pending();
  }

  sg4::Host* host_;
  sg4::Link* link_;
  double ttf_, ttr_;
  std::string law_;
  std::mt19937_64 rng_;
};

}  // namespace

FailureKeys failure_keys(const scenario::Settings& s) {
  // The keys are implicit (keys.cpp): a scenario without them keeps its scenario hash.
  const auto k = scenario::read_config<FailureKeys>(s);
  const std::pair<const char*, const char*> pairs[] = {
      {"failures.hosts.ttf", "failures.hosts.ttr"},
      {"failures.links.ttf", "failures.links.ttr"},
      {"failures.coordinator.ttf", "failures.coordinator.ttr"}};
  const double values[][2] = {{k.hosts_ttf, k.hosts_ttr},
                              {k.links_ttf, k.links_ttr},
                              {k.coordinator_ttf, k.coordinator_ttr}};
  for (int i = 0; i < 3; ++i)
    if ((values[i][0] > 0) != (values[i][1] > 0))
      s.fail_message(values[i][0] > 0 ? pairs[i].first : pairs[i].second,
                     std::string("a time to failure needs a time to repair, and the other way "
                                 "round: set both ") +
                         pairs[i].first + " and " + pairs[i].second + " > 0, or neither");
  return k;
}

bool seeded_failures(const FailureKeys& k) {
  return k.hosts_ttf > 0 || k.links_ttf > 0 || k.coordinator_ttf > 0;
}

double draw_duration(const std::string& law, double mean, std::mt19937_64& rng) {
  return law == "constant" ? mean : model::exponential(rng, mean);
}

void start_failure_processes(const FailureKeys& keys, const platform::PlatformView& view,
                             std::uint64_t seed, int run_index) {
  const auto& profiled = view.profiled;
  auto skip = [&](const std::string& name) {
    return std::find(profiled.begin(), profiled.end(), name) != profiled.end();
  };
  const auto run = static_cast<std::uint64_t>(run_index);
  auto start = [&](const std::string& kind, const std::string& name, sg4::Host* host,
                   sg4::Link* link, double ttf, double ttr) {
    if (skip(name)) return;
    actors::spawn<FailureProcess>("failures-" + name, view.grc_host, host, link, ttf, ttr, keys.law,
                                  model::make_stream(seed, run, "failure:" + kind + ":" + name));
  };
  if (keys.hosts_ttf > 0)
    for (sg4::Host* h : platform::failing_hosts(view))
      start("host", h->get_name(), h, nullptr, keys.hosts_ttf, keys.hosts_ttr);
  if (keys.links_ttf > 0)
    for (sg4::Link* l : platform::failing_links(view))
      start("link", l->get_name(), nullptr, l, keys.links_ttf, keys.links_ttr);
}

}  // namespace arsim::kinds::coallocation
