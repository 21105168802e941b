// The resource-matching problem of Garbacki & Naik §2 and §3.2.1: resource types with static
// attributes (filters) and dynamic attributes (capacities), resources, and jobs that depend on one
// or more types. Pure data, no solver and no randomness; every matcher and the checker read it.
#pragma once

#include <string>
#include <vector>

namespace arsim::model::matching {

// A resource type. Attributes are per type, so an attribute a of §3.2.1 ("unique across resource
// types") is the pair (type, index).
struct ResourceType {
  std::string name;
  std::vector<std::string> static_attributes;   // e.g. CPU architecture, # CPUs, domain
  std::vector<std::string> dynamic_attributes;  // e.g. utilization, memory
};

struct Resource {
  std::string name;
  int type = 0;
  std::vector<std::string> static_values;  // one per static attribute of the type
  std::vector<double> capacity;            // N(r,a): one per dynamic attribute, >= 0
};

// A static requirement: the resource's value of static attribute `attribute` must equal `value`.
struct StaticRequirement {
  int attribute = 0;
  std::string value;
};

// A job's dependency on one resource type: the static filters that define E(j,t) and the usage
// U(j,a) of each dynamic attribute of the type (0 where the job uses none).
struct Dependency {
  int type = 0;
  std::vector<StaticRequirement> requirements;
  std::vector<double> usage;  // one per dynamic attribute of the type, >= 0
};

struct Job {
  std::string name;
  double priority = 1;              // P_j, the higher the better
  std::vector<Dependency> depends;  // at most one per type
};

struct Instance {
  std::vector<ResourceType> types;
  std::vector<Resource> resources;
  std::vector<Job> jobs;
};

// E(j,t) for every job and dependency (§3.2.1's preprocessing step): candidates[j][d] lists, in
// increasing order, the resources of type depends[d].type whose static values meet every
// requirement of that dependency.
using Candidates = std::vector<std::vector<std::vector<int>>>;
Candidates candidate_sets(const Instance& inst);

// Throws std::invalid_argument naming the first inconsistency: a type index out of range, a
// resource or dependency whose vectors do not match its type, a negative or non-finite capacity,
// usage or priority, a job without dependencies or with two on one type, or an attribute index
// out of range.
void validate(const Instance& inst);

}  // namespace arsim::model::matching
