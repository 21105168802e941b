#include "sim/kinds/coallocation/transfers/flow.hpp"

#include <cstdint>
#include <stdexcept>

#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include "sim/actors/spawn.hpp"

namespace arsim::kinds::coallocation::transfers {

namespace sg4 = simgrid::s4u;

namespace {

// What a flow carries: only its simulated size matters, the pointer is a token.
int token = 0;

class FlowSender {
 public:
  FlowSender(std::string mailbox, FlowSpec spec, std::function<void(double, double)> on_end)
      : mailbox_(std::move(mailbox)), spec_(spec), on_end_(std::move(on_end)) {
    if (!(spec_.bytes >= 1) || !on_end_) throw std::invalid_argument("FlowSender: nothing to send");
  }
  void operator()() {
    if (spec_.daemon) sg4::Actor::self()->daemonize();
    auto comm =
        sg4::Mailbox::by_name(mailbox_)->put_init(&token, static_cast<std::uint64_t>(spec_.bytes));
    if (spec_.rate > 0) comm->set_rate(spec_.rate);
    comm->start();
    if (spec_.deadline <= 0) {
      comm->wait();
      on_end_(sg4::Engine::get_clock(), spec_.bytes);
      return;
    }
    sg4::this_actor::sleep_until(spec_.deadline);
    double carried = spec_.bytes;
    if (!comm->test()) {
      carried -= comm->get_remaining();
      comm->cancel();
    }
    on_end_(sg4::Engine::get_clock(), carried);
  }

 private:
  std::string mailbox_;
  FlowSpec spec_;
  std::function<void(double, double)> on_end_;
};

class FlowReceiver {
 public:
  FlowReceiver(std::string mailbox, bool daemon) : mailbox_(std::move(mailbox)), daemon_(daemon) {}
  void operator()() {
    if (daemon_) sg4::Actor::self()->daemonize();
    try {
      sg4::Mailbox::by_name(mailbox_)->get<int>();
    } catch (const simgrid::NetworkFailureException&) {
      // The sender cut the flow at its deadline.
    }
  }

 private:
  std::string mailbox_;
  bool daemon_;
};

}  // namespace

sg4::ActorPtr start_flow(const std::string& name, sg4::Host* from, sg4::Host* to, FlowSpec spec,
                         std::function<void(double, double)> on_end) {
  if (!from || !to || from == to) throw std::invalid_argument("start_flow: bad hosts");
  actors::spawn<FlowReceiver>(name + ":recv", to, name, spec.daemon);
  return actors::spawn<FlowSender>(name, from, name, spec, std::move(on_end));
}

}  // namespace arsim::kinds::coallocation::transfers
