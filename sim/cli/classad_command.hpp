// `arsim classad`: a tool for people who write ads, in the manner of HTCondor's classad_eval.
//   arsim classad eval [--ad FILE] [--other FILE] [--time S] EXPR...   the value of each EXPR
//   arsim classad match [--time S] A.ad B.ad     whether two ads match bilaterally, and why not
//   arsim classad gang [--matcher NAME] [--param K=V]... [--roots EXPR] [--time S] FILE...
//                                                the gangs a matcher marshals from the ads
// Pure C++ (no SimGrid): the classad library, the gang matchers and their registry.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "schedulers/gang_matcher.hpp"

namespace arsim::cli {

// `args` are the words after "classad". Returns the exit status: 0 done (or the ads match),
// 1 the ads do not match, 2 bad input (one line on `err` naming file:line:col), 3 an internal
// error (a gang that fails its check).
int classad_command(const std::vector<std::string>& args,
                    const schedulers::GangMatcherRegistry& matchers, std::ostream& out,
                    std::ostream& err);

}  // namespace arsim::cli
