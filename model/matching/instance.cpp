#include "model/matching/instance.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace arsim::model::matching {

namespace {

void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("matching instance: " + what);
}

bool non_negative(double v) {
  return std::isfinite(v) && v >= 0;
}

void validate_resource(const Instance& inst, std::size_t i) {
  const Resource& r = inst.resources[i];
  require(r.type >= 0 && r.type < static_cast<int>(inst.types.size()),
          fmt::format("resource {} '{}': type {} out of range", i, r.name, r.type));
  const ResourceType& t = inst.types[r.type];
  require(r.static_values.size() == t.static_attributes.size(),
          fmt::format("resource {} '{}': {} static values for {} static attributes of type '{}'", i,
                      r.name, r.static_values.size(), t.static_attributes.size(), t.name));
  require(r.capacity.size() == t.dynamic_attributes.size(),
          fmt::format("resource {} '{}': {} capacities for {} dynamic attributes of type '{}'", i,
                      r.name, r.capacity.size(), t.dynamic_attributes.size(), t.name));
  for (double c : r.capacity)
    require(non_negative(c),
            fmt::format("resource {} '{}': capacity {} is not a finite value >= 0", i, r.name, c));
}

void validate_job(const Instance& inst, std::size_t j) {
  const Job& job = inst.jobs[j];
  require(std::isfinite(job.priority) && job.priority >= 0,
          fmt::format("job {} '{}': priority {} is not a finite value >= 0", j, job.name,
                      job.priority));
  require(!job.depends.empty(), fmt::format("job {} '{}': no dependency", j, job.name));
  std::vector<bool> seen(inst.types.size(), false);
  for (const Dependency& d : job.depends) {
    require(d.type >= 0 && d.type < static_cast<int>(inst.types.size()),
            fmt::format("job {} '{}': dependency type {} out of range", j, job.name, d.type));
    require(!seen[d.type], fmt::format("job {} '{}': two dependencies on type {}", j, job.name,
                                       inst.types[d.type].name));
    seen[d.type] = true;
    const ResourceType& t = inst.types[d.type];
    require(d.usage.size() == t.dynamic_attributes.size(),
            fmt::format("job {} '{}': {} usages for {} dynamic attributes of type '{}'", j,
                        job.name, d.usage.size(), t.dynamic_attributes.size(), t.name));
    for (double u : d.usage)
      require(non_negative(u),
              fmt::format("job {} '{}': usage {} is not a finite value >= 0", j, job.name, u));
    for (const StaticRequirement& s : d.requirements)
      require(s.attribute >= 0 && s.attribute < static_cast<int>(t.static_attributes.size()),
              fmt::format("job {} '{}': static attribute {} out of range for type '{}'", j,
                          job.name, s.attribute, t.name));
  }
}

}  // namespace

void validate(const Instance& inst) {
  for (std::size_t i = 0; i < inst.resources.size(); ++i) validate_resource(inst, i);
  for (std::size_t j = 0; j < inst.jobs.size(); ++j) validate_job(inst, j);
}

Candidates candidate_sets(const Instance& inst) {
  std::vector<std::vector<int>> of_type(inst.types.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    of_type[inst.resources[r].type].push_back(static_cast<int>(r));
  Candidates out(inst.jobs.size());
  for (std::size_t j = 0; j < inst.jobs.size(); ++j) {
    for (const Dependency& d : inst.jobs[j].depends) {
      std::vector<int> set;
      for (int r : of_type[d.type]) {
        bool ok = true;
        for (const StaticRequirement& s : d.requirements)
          ok = ok && inst.resources[r].static_values[s.attribute] == s.value;
        if (ok) set.push_back(r);
      }
      out[j].push_back(std::move(set));
    }
  }
  return out;
}

}  // namespace arsim::model::matching
