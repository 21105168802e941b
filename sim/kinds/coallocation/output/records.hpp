// What one co-allocation run records: built by the Recorder (events.hpp) from the actors' events,
// written by the writers. Pure data and the builder of a request's record: no SimGrid, so writers,
// summaries and the auditor are tested without an engine.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/plan.hpp"
#include "model/request.hpp"
#include "model/reservation_table.hpp"
#include "model/resource_graph.hpp"

namespace arsim::kinds::coallocation {

enum class Outcome { Accepted, Rejected };

// The GRC's decision on one request.
struct RequestRecord {
  model::Request request;
  Outcome outcome = Outcome::Rejected;
  int frames = 0;            // time frames examined (N laddered frames)
  int plans_found = 0;       // plans the planner returned (after verification)
  int plans_tried = 0;       // plans the GRC tried to hold
  model::Plan plan;          // the committed plan, when accepted
  double decision_time = 0;  // simulated time the user got the answer
  long solver_nodes = 0;     // planner statistics (deterministic)
  int solves = 0;
  double planning_wall = 0;  // wall-clock seconds in the planner: not deterministic, kept apart
  double planning_cpu = 0;   // thread CPU seconds in the planner: not deterministic, kept apart
  std::string coordinator = "grc";  // the GRC that decided it (the <grc> unless a <coordinator>)
};

// What the planning of one request had done when the GRC decided it (coordinator.hpp counts it).
struct PlanningTally {
  int frames = 0;
  int plans_found = 0;
  int plans_tried = 0;
  long solver_nodes = 0;
  int solves = 0;
  double wall = 0;
  double cpu = 0;
};

// The one place a RequestRecord is built: at the decision, from what is known then. `committed`:
// the plan that committed, none when the request is rejected.
inline RequestRecord decided_request(const model::Request& request, const PlanningTally& planning,
                                     std::optional<model::Plan> committed, double decision_time,
                                     const std::string& coordinator) {
  RequestRecord rec;
  rec.request = request;
  rec.outcome = committed ? Outcome::Accepted : Outcome::Rejected;
  rec.frames = planning.frames;
  rec.plans_found = planning.plans_found;
  rec.plans_tried = planning.plans_tried;
  if (committed) rec.plan = std::move(*committed);
  rec.decision_time = decision_time;
  rec.solver_nodes = planning.solver_nodes;
  rec.solves = planning.solves;
  rec.planning_wall = planning.wall;
  rec.planning_cpu = planning.cpu;
  rec.coordinator = coordinator;
  return rec;
}

// A plan a coordinator tried and did not get (GridARS §3.1 stage 3): some RM refused its hold
// (phase one), or a commit came after a hold had expired (phase two). Every other hold of the
// attempt was aborted, or every committed part cancelled.
enum class AttemptPhase { Hold, Commit };
struct AttemptRecord {
  int request_id = -1;
  std::string coordinator;
  int attempt = 0;  // 1 for the request's first plan tried, 2 for the second, ...
  AttemptPhase phase = AttemptPhase::Hold;
  model::TimeFrame frame;  // the plan's reserved frame
  double time = 0;         // simulated time the coordinator learnt of the failure
  int rms = 0;             // RMs the plan involved
  int refused = 0;         // RMs that said no
  int started = 0;         // of those, refusals because the frame had begun (phase one only)
};

enum class ResourceKind { Cores, Bandwidth };

// One committed reservation on one resource, as the RM holding it reports it.
struct ReservationRecord {
  int request_id = -1;
  ResourceKind kind = ResourceKind::Cores;
  int resource = -1;  // vertex id (cores) or edge id (bandwidth)
  model::TimeFrame frame;
  double amount = 0;
  // When its resource's failure broke it (max of its start and the failure): it keeps no
  // guarantee from then on. Unset while the reservation holds.
  std::optional<double> broken_at = std::nullopt;
  // When its RM gave it back because the GRC released the request after a break, or because a
  // modification of the request no longer needs it.
  std::optional<double> released_at = std::nullopt;
  model::ReservationId reservation = 0;  // the two-phase commit that made it
  int repair = 0;  // 0: the request's first commit; k: its k-th modification (repairs.csv)
};

// A modification of an accepted request that a failure of a site or a path broke (GridARS §5;
// docs/design/coallocation.md, Failures): the GRC re-planned the components on the failed site,
// or the routes over the failed path, and committed them, over [start, the original frame's end),
// at repaired_at.
struct RepairRecord {
  int request_id = -1;
  int repair = 1;  // 1 for the request's first modification, 2 for the second, ...
  ResourceKind kind = ResourceKind::Cores;  // what failed: a site (Cores) or a path (Bandwidth)
  int resource = -1;                        // the failed site (vertex id) or path (edge id)
  double broken_at = 0;                     // the break the GRC heard of
  double repaired_at = 0;
  double start = 0;                      // of the new parts
  std::vector<int> moved;                // components re-planned (none for a path)
  std::vector<int> new_sites;            // their new sites (vertex ids), in `moved` order
  std::vector<int> rerouted;             // pairs given a new route (bandwidth > 0)
  std::vector<std::vector<int>> routes;  // their new routes (edge ids), in `rerouted` order
};

// An accepted request whose reservation a failure broke, and which its GRC released (GridARS §5;
// docs/design/coallocation.md, Failures): the first break it heard of, and when it released.
struct ReleaseRecord {
  int request_id = -1;
  double broken_at = 0;
  double released_at = 0;
};

// A host or path link that was down over [down, up); no `up` when it was still down when the run
// ended (failures/board.hpp).
// What failed: a reserved resource (a compute site's host, a path link), a part of the control
// network (a network RM's host, a control link), or a coordinator's process.
enum class FailureScope { Reserved, Control, Coordinator };
struct FailureRecord {
  std::string resource;  // the SimGrid host or link name; a coordinator's name
  bool link = false;     // kind: host or link
  FailureScope scope = FailureScope::Reserved;
  double down = 0;
  std::optional<double> up;
};

// A reserved component job that ran on a site: when it actually started and ended, and the cores
// it held on each host of the site (host name, cores; in the site's host order).
struct JobRecord {
  int request_id = -1;
  int site = -1;  // vertex id
  int cores = 0;
  double start = 0;
  double end = 0;
  std::vector<std::pair<std::string, int>> hosts;
  bool killed = false;  // a host it ran on failed at `end`
};

// Data carried over the network in SimGrid (transfers/, off unless transfers.enabled): one flow
// on one hop or of background traffic, and one requested pair's whole transfer.
struct FlowRecord {
  std::vector<int> edges;  // the path edges the flow's SimGrid route crossed
  double start = 0, end = 0, bytes = 0;
};
struct TransferRecord {
  int request_id = -1;
  int pair = -1;  // index in the request's pairs
  double bytes = 0;
  double reserved_gbps = 0;  // the pair's reserved bandwidth
  model::TimeFrame reserved;
  double start = 0, end = 0;  // first hop started, last hop ended
  bool rate_capped = true;    // transfers.mode=reserved: capped at the reservation, with priority
  bool exact = true;          // every hop ran on its own path link alone
  std::vector<std::string> links;  // the SimGrid links the hops' flows crossed, in hop order
};

// An attempt of a resubmission policy (resubmit.hpp) and the request it resubmits.
struct ResubmissionRecord {
  int request_id = -1;   // the attempt
  int original_id = -1;  // the first request, of the workload
  int attempt = 0;       // 1, 2, ...
};

struct RunRecord {
  std::vector<RequestRecord> requests;            // in request id order
  std::vector<ReservationRecord> reservations;    // in commit order
  std::vector<JobRecord> jobs;                    // in completion order
  std::vector<AttemptRecord> attempts;            // failed attempts, in the order they failed
  std::vector<std::string> coordinators;          // every coordinator of the run, <grc> first
  double end_time = 0;                            // simulated time the run ended
  bool transfers = false;                         // data was carried: `used` of paths is measured
  std::vector<TransferRecord> transfers_done;     // in completion order
  std::vector<FlowRecord> flows;                  // in completion order
  bool resubmission = false;                      // some user resubmits: resubmissions.csv, metrics
  std::vector<ResubmissionRecord> resubmissions;  // in request id order
  bool failure_model = false;                     // failures configured or profiled: failures.csv
  std::vector<FailureRecord> failures;            // in the order they began
  std::vector<ReleaseRecord> releases;            // by request id
  std::vector<RepairRecord> repairs;              // by request id, then repair
};

}  // namespace arsim::kinds::coallocation
