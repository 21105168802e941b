// Writing a milp::Model for inspection or for another solver: free MPS (what CoinMpsIO, the cbc
// program and glpsol --freemps read; names kept; a maximisation is written as the minimisation of
// the negated objective, since MPS has no portable sense), and a model dump of NAME.mps plus a
// NAME.json sidecar with what the solve returned.
#pragma once

#include <filesystem>
#include <string>

#include "schedulers/milp/model.hpp"
#include "schedulers/milp/solve.hpp"

namespace arsim::schedulers::milp {

// Writes `model` to `path` (exactly that name). Throws std::runtime_error on an I/O error.
void write_mps(const Model& model, const std::filesystem::path& path);

// Writes DIR/NAME.mps and DIR/NAME.json ({"name", "sense", "status", "objective", "best_bound",
// "nodes", "seconds", "rows", "cols", "integers"}; objective and best_bound are in the model's own
// sense, null when unknown). Each file
// is written to a .tmp name and renamed, so a killed run leaves no half file. Creates DIR.
void write_model_dump(const Model& model, const Result& result, const std::filesystem::path& dir,
                      const std::string& name);

}  // namespace arsim::schedulers::milp
