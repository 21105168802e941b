// A job running on its claimed workstation for its duration (one core of the workstation's host)
// while its gang holds the workstation and the license; when it is done it tells every resource
// of the gang, which let go and advertise again, and the job's submit agent.
#pragma once

#include <memory>

#include "sim/kinds/gangmatch/actors/context.hpp"

namespace arsim::kinds::gangmatch {

class JobExecution {
 public:
  JobExecution(RunContext ctx, std::shared_ptr<const GangOffer> offer, Member workstation,
               double duration);
  void operator()();

 private:
  RunContext ctx_;
  std::shared_ptr<const GangOffer> offer_;
  Member workstation_;
  double duration_;
};

}  // namespace arsim::kinds::gangmatch
