#include "sim/metrics/batsim_job.hpp"

namespace arsim::metrics {

void BatsimJob::set_times(std::optional<double> submit, std::optional<double> start,
                          std::optional<double> finish) {
  submission_time = submit;
  starting_time = start;
  finish_time = finish;
  execution_time = start && finish ? std::optional(*finish - *start) : std::nullopt;
  waiting_time = submit && start ? std::optional(*start - *submit) : std::nullopt;
}

const Columns<BatsimJob>& batsim_job_columns() {
  using J = BatsimJob;
  static const Columns<J> c = {
      column("job_id", &J::job_id),
      column("submission_time", &J::submission_time),
      column("requested_number_of_resources", &J::requested_number_of_resources),
      column("requested_time", &J::requested_time),
      column("starting_time", &J::starting_time),
      column("execution_time", &J::execution_time),
      column("finish_time", &J::finish_time),
      column("waiting_time", &J::waiting_time),
      column("allocated_resources", &J::allocated_resources),
      column("final_state", &J::final_state)};
  return c;
}

}  // namespace arsim::metrics
