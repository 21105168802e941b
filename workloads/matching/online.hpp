// The job stream of an on-line Resource Matcher (Garbacki & Naik §4): the resources of Table 1 and
// jobs of §5.1 (generator.hpp), arriving as a Poisson process whose rate is set by an offered load,
// each with a duration for which it holds the capacities it uses once matched. §5.1 matches
// batches only; arrivals, durations and the load are ours (workloads/README.md).
#pragma once

#include <cstdint>
#include <vector>

#include "model/matching/instance.hpp"

namespace arsim::workloads::matching {

namespace mm = arsim::model::matching;

struct OnlineParams {
  int per_type = 50;           // resources of each Table 1 type (§5.1: 50)
  int jobs = 200;              // jobs submitted in the run
  double complexity = 0.3;     // p of §5.1, in (0, 1]
  double load = 0.5;           // offered load (arrival_rate), > 0
  double mean_duration = 600;  // mean of the exponential job duration (s), > 0
  int submitters = 2;          // job submitters sharing the stream, >= 1
};

struct OnlineWorkload {
  mm::Instance instance;         // the resources (capacities N(r,a)) and every job, by submit time
  std::vector<double> submit;    // per job, nondecreasing, > 0
  std::vector<double> duration;  // per job, > 0
  std::vector<int> submitter;    // per job, in [0, submitters)
  int submitters = 0;
  double rate = 0;  // lambda, jobs per second
};

// E[U(j,a)] of one job drawn by add_jobs with complexity p over `resources`, per type and dynamic
// attribute (0 where the job does not use it), in closed form: a type is a dependency with
// probability p + (1 - p)^T / T (T types; one uniform type when no Bernoulli draw succeeded), an
// attribute of a dependency is used with probability p + (1 - p)^m / m (m dynamic attributes of the
// type), and a used attribute's usage is uniform in 0..floor(largest capacity), of mean half that.
// Every job counts, also those no resource can hold.
std::vector<std::vector<double>> expected_usage(const mm::Instance& resources, double complexity);

// Whether job `job` of `inst` could be matched on an empty grid: every dependency has a candidate
// of E(j,t) (candidates[job][d]) whose capacity covers the job's usage of every attribute.
bool fits_alone(const mm::Instance& inst, const mm::Candidates& candidates, int job);

// E[U(j,a) 1(j fits alone)] per type and dynamic attribute, estimated as the mean over `sample`
// jobs drawn by add_jobs from base seed derive_seed(seed, run_index, "matching-load"), a stream of
// its own: the usage of the jobs a matcher can place at all (the others are rejected on arrival
// and load nothing).
std::vector<std::vector<double>> placeable_usage(const mm::Instance& resources, double complexity,
                                                 std::uint64_t seed, std::uint64_t run_index,
                                                 int sample);

// The rate lambda at which the mean over dynamic attributes a (those with capacity somewhere) of
// the offered load lambda * mean_duration * usage[a] / sum_r N(r,a) equals `load`: at load 1 the
// jobs demand, on average over attributes, as many capacity-seconds per second as the resources
// hold. Candidate sets make some resources busier than others, so the matcher saturates below it.
// Throws std::invalid_argument when no attribute has both capacity and usage.
double arrival_rate(const mm::Instance& resources, const std::vector<std::vector<double>>& usage,
                    double load, double mean_duration);

// Jobs drawn to estimate placeable_usage for online_workload.
inline constexpr int kLoadSample = 4000;

// One run's stream: resources table1_resources(seed, run_index, per_type); jobs add_jobs(...,
// jobs, complexity) (stream "matching-jobs"); lambda = arrival_rate of the placeable_usage of
// kLoadSample jobs, so `load` counts only jobs that can run; inter-arrival times exponential of
// mean 1 / lambda (stream "matching-arrivals"), so the first job arrives after one inter-arrival
// time; durations exponential of mean mean_duration (stream "matching-durations"); each job's
// submitter uniform (stream "matching-submitters"), so each submitter's arrivals are Poisson too.
// Throws std::invalid_argument on parameters out of range.
OnlineWorkload online_workload(const OnlineParams& p, std::uint64_t seed, std::uint64_t run_index);

}  // namespace arsim::workloads::matching
