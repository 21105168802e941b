#include "sim/kinds/coallocation/transfers/flow.hpp"

#include <cstdint>
#include <stdexcept>

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
  FlowSender(std::string mailbox, double bytes, double rate, bool daemon,
             std::function<void(double)> on_end)
      : mailbox_(std::move(mailbox)),
        bytes_(bytes),
        rate_(rate),
        daemon_(daemon),
        on_end_(std::move(on_end)) {
    if (!(bytes_ > 0) || !on_end_) throw std::invalid_argument("FlowSender: nothing to send");
  }
  void operator()() {
    if (daemon_) sg4::Actor::self()->daemonize();
    auto comm =
        sg4::Mailbox::by_name(mailbox_)->put_init(&token, static_cast<std::uint64_t>(bytes_));
    if (rate_ > 0) comm->set_rate(rate_);
    comm->wait();
    on_end_(sg4::Engine::get_clock());
  }

 private:
  std::string mailbox_;
  double bytes_, rate_;
  bool daemon_;
  std::function<void(double)> on_end_;
};

class FlowReceiver {
 public:
  FlowReceiver(std::string mailbox, bool daemon) : mailbox_(std::move(mailbox)), daemon_(daemon) {}
  void operator()() {
    if (daemon_) sg4::Actor::self()->daemonize();
    sg4::Mailbox::by_name(mailbox_)->get<int>();
  }

 private:
  std::string mailbox_;
  bool daemon_;
};

}  // namespace

sg4::ActorPtr start_flow(const std::string& name, sg4::Host* from, sg4::Host* to, double bytes,
                         double rate, bool daemon, std::function<void(double)> on_end) {
  if (!from || !to || from == to) throw std::invalid_argument("start_flow: bad hosts");
  actors::spawn<FlowReceiver>(name + ":recv", to, name, daemon);
  return actors::spawn<FlowSender>(name, from, name, bytes, rate, daemon, std::move(on_end));
}

}  // namespace arsim::kinds::coallocation::transfers
