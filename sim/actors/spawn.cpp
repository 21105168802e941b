#include "sim/actors/spawn.hpp"

#include <optional>

#include <simgrid/Exception.hpp>

namespace arsim::actors {

namespace {
std::optional<std::string>& failure() {
  static std::optional<std::string> first;  // one engine per process, so one run
  return first;
}
}  // namespace

void guarded(const std::function<void()>& body) {
  try {
    body();
  } catch (const std::exception& e) {  // SimGrid's kill (ForcefulKillException) is none: it passes
    if (!failure()) failure() = e.what();
    sg4::Actor::kill_all();
  }
}

void rethrow_failure() {
  if (!failure()) return;
  const std::string what = *failure();
  failure().reset();
  throw ActorFailure(what);
}

}  // namespace arsim::actors
