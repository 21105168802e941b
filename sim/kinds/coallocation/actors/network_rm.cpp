#include "sim/kinds/coallocation/actors/network_rm.hpp"

#include <stdexcept>

#include <simgrid/s4u/Actor.hpp>

#include "sim/kinds/coallocation/actors/rm_loop.hpp"
#include "sim/kinds/coallocation/failures/board.hpp"

namespace arsim::kinds::coallocation {

namespace {
std::vector<std::pair<int, double>> domain_paths(const RunContext& ctx, const std::string& domain) {
  if (!ctx.platform || !ctx.events) throw std::invalid_argument("NetworkRm: incomplete context");
  std::vector<std::pair<int, double>> out;
  const auto& g = ctx.platform->graph;
  for (int e = 0; e < g.edge_count(); ++e)
    if (g.edge(e).domain == domain) out.emplace_back(e, g.edge(e).bandwidth);
  if (out.empty()) throw std::invalid_argument("NetworkRm: domain '" + domain + "' has no path");
  return out;
}
}  // namespace

NetworkRm::NetworkRm(RunContext ctx, std::string domain)
    : ctx_(ctx),
      domain_(std::move(domain)),
      desk_(
          std::make_shared<ReservationDesk>(ResourceKind::Bandwidth, domain_paths(ctx, domain_))) {
  if (ctx_.failures) ctx_.failures->attach(desk_);
}

void NetworkRm::operator()() {
  sg4::Actor::self()->daemonize();
  serve_reservations(*desk_, network_rm_mailbox(domain_), *ctx_.events);
}

}  // namespace arsim::kinds::coallocation
