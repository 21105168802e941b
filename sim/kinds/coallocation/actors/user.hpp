// A grid user: submits its requests to the GRC at their submit times and collects the decisions.
#pragma once

#include <string>
#include <vector>

#include "model/request.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"

namespace arsim::kinds::coallocation {

class User {
 public:
  // `requests` must all belong to `name` and be sorted by submit time.
  User(std::string name, std::vector<model::Request> requests);
  void operator()();

 private:
  std::string name_;
  std::vector<model::Request> requests_;
};

}  // namespace arsim::kinds::coallocation
