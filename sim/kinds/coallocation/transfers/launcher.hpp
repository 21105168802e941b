// Transfers over reserved paths in a co-allocation run (docs/design/transfers.md):
// read from the transfers.* and background.* keys; when enabled, the GRC is given the Launcher and
// has it start a Lightpath per reserved pair of every plan it commits, and Background actors load
// the chosen paths; both report their flows to the run's event sink.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sim/kinds/coallocation/actors/transfer_starter.hpp"
#include "sim/kinds/coallocation/output/events.hpp"
#include "sim/kinds/coallocation/transfers/hops.hpp"
#include "sim/kinds/coallocation/transfers/model.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::kinds::coallocation::transfers {

// transfers.* and background.* (keys.cpp): the defaults are these initializers.
struct TransferConfig {
  bool enabled = false;
  std::vector<double> volume{0.5};  // fractions of D × reserved bandwidth, one drawn per pair
  std::string mode = "reserved";    // reserved (capped, with priority) or unreserved (best effort)
  double background_flows = 0;
  double background_slot = 600;
  std::string background_links = "all";
  std::uint64_t seed = 1;  // scenario seed and run index: the pairs' volume draws
  int run_index = 0;
  bool reserved() const { return mode == "reserved"; }
};

// Validates the keys (an InputError at the key's location); `arsim check` calls it too.
TransferConfig transfer_config(const scenario::Settings& s, int run_index = 0);

class Launcher : public TransferStarter {
 public:
  // `reports`: where the lightpaths it starts report their flows and transfers (the run's sink).
  Launcher(const platform::PlatformView* view, std::vector<Hop> hops, TransferConfig config,
           EventSink* reports);
  void start(const model::Request& request, const model::Plan& plan) override;
  const std::vector<Hop>& hops() const { return hops_; }
  const ReservedSchedule& reserved() const { return reserved_; }

 private:
  const platform::PlatformView* view_;
  std::vector<Hop> hops_;
  TransferConfig config_;
  EventSink* reports_;
  ReservedSchedule reserved_;
};

// Null when transfers are off. Otherwise the Launcher to give the GRCs, with the background actors
// of the run started; both report to `reports` (the sink of the run's actors).
std::unique_ptr<Launcher> start_transfers(const scenario::Settings& s, int run_index,
                                          const platform::PlatformView& view,
                                          const std::string& platform_file, EventSink& reports);

}  // namespace arsim::kinds::coallocation::transfers
