#include <cmath>
#include <stdexcept>

#include "sim/kinds/gangmatch/output/events.hpp"

namespace arsim::kinds::gangmatch {

namespace {
template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;
}  // namespace

Recorder::Recorder(const Workload& w) {
  for (const auto& j : w.jobs) {
    JobRow row;
    row.job = j.index;
    row.user = j.user;
    row.submit = j.submit;
    row.duration = j.duration;
    row.ports = j.ad.port_count();
    record_.jobs.push_back(row);
  }
  record_.workstations = static_cast<int>(w.workstations.size());
  record_.licenses = static_cast<int>(w.licenses.size());
}

void Recorder::on(const Event& event) {
  std::visit(
      Overloaded{
          [this](const JobSubmitted& e) {
            JobRow& job = record_.jobs.at(e.job);
            job.submitted = true;
            job.submit = e.time;
          },
          [this](const CycleEnded& e) { record_.cycles.push_back(e.cycle); },
          [this](const GangMatched& e) { on_gang(e); },
          [this](const HoldStarted& e) {
            open_hold_[{e.resource, e.gang}] = record_.holds.size();
            record_.holds.push_back({e.resource, e.gang, e.job, e.time});
          },
          [this](const ClaimRefused& e) {
            record_.gangs.at(gang_row_.at(e.gang)).refused_by.push_back({e.resource, e.reason});
          },
          [this](const ClaimDecided& e) { on_decided(e); },
          [this](const HoldEnded& e) { on_hold_ended(e); },
          [this](const JobStarted& e) { on_job_started(e); },
          [this](const JobFinished& e) { record_.jobs.at(e.job).finish = e.time; },
          [this](const AvailabilityChanged& e) { on_availability(e); },
      },
      event);
}

void Recorder::on_gang(const GangMatched& e) {
  gang_row_[e.gang] = record_.gangs.size();
  GangRow row;
  row.gang = e.gang;
  row.cycle = e.cycle;
  row.matched = e.time;
  row.members = e.members;
  record_.gangs.push_back(row);
  JobRow& job = record_.jobs.at(e.members.at(0).index);
  if (job.gangs++ == 0) job.first_match = e.time;
}

void Recorder::on_decided(const ClaimDecided& e) {
  GangRow& gang = record_.gangs.at(gang_row_.at(e.gang));
  gang.outcome = e.committed ? "committed" : "refused";
  gang.decided = e.time;
  JobRow& job = record_.jobs.at(gang.members.at(0).index);
  if (!e.committed) {
    ++job.refusals;
    return;
  }
  job.match = gang.matched;
  job.claim = e.time;
  job.gang = e.gang;
  job.licenses.clear();
  for (std::size_t i = 1; i < gang.members.size(); ++i) {
    if (gang.members[i].kind == MemberKind::License) job.licenses.push_back(gang.members[i]);
    auto it = open_hold_.find({gang.members[i], e.gang});
    if (it != open_hold_.end()) record_.holds[it->second].committed = true;
  }
}

void Recorder::on_hold_ended(const HoldEnded& e) {
  auto it = open_hold_.find({e.resource, e.gang});
  if (it == open_hold_.end())
    throw std::logic_error("Recorder: " + member_name(e.resource) + " ends a hold of gang " +
                           std::to_string(e.gang) + " it never started");
  record_.holds[it->second].end = e.time;
  open_hold_.erase(it);
}

void Recorder::on_job_started(const JobStarted& e) {
  JobRow& job = record_.jobs.at(e.job);
  job.start = e.time;
  job.workstation = e.workstation;
}

void Recorder::on_availability(const AvailabilityChanged& e) {
  if (!e.available) {
    open_period_[e.resource] = record_.unavailable.size();
    record_.unavailable.push_back({e.resource, e.time});
    return;
  }
  auto it = open_period_.find(e.resource);
  if (it == open_period_.end())
    throw std::logic_error("Recorder: " + member_name(e.resource) + " became available twice");
  record_.unavailable[it->second].end = e.time;
  open_period_.erase(it);
}

RunRecord Recorder::finish(double end) const {
  RunRecord r = record_;
  r.end = end;
  for (auto& h : r.holds)
    if (std::isnan(h.end)) h.end = end;
  for (auto& p : r.unavailable)
    if (std::isnan(p.end)) p.end = end;
  return r;
}

}  // namespace arsim::kinds::gangmatch
