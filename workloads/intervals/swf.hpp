// Reader of the Standard Workload Format of the Parallel Workloads Archive (Feitelson et al.), for
// the trace experiments of SCS §6.1.2 and §6.2: one job a line, 18 whitespace-separated numeric
// fields, -1 for a missing value, ';' starting a header comment, blank lines ignored. Files ending
// in ".gz" (and any gzip stream) are read through zlib.
//
// Each job becomes a model::IntervalTask: submit time -> requested start, submit + run time ->
// requested finish, allocated processors (else requested) -> processors, preceding job number ->
// predecessor (the index of that job when it came earlier in the file, else none). A job with a
// missing (-1) submit or run time has no interval and is skipped (counted in `skipped`). Header
// fields are kept as text and never trusted (MaxJobs may disagree with the body).
//
// A malformed line throws SwfError "FILE:LINE: field 'NAME': expected ..., got '...'" (or
// "FILE:LINE: expected 18 fields, got K"). The fields that become ints (job number, the processor
// count used, a preceding job) must be whole numbers in int's range, and submit + run time finite.
#pragma once

#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/input_error.hpp"
#include "model/interval_task.hpp"

namespace arsim::workloads {

// A malformed trace (base/input_error.hpp).
using SwfError = arsim::InputError;

struct SwfTrace {
  std::vector<model::IntervalTask> tasks;  // in file order
  std::vector<std::string> header;         // the comment lines, without the leading ';'
  long jobs = 0;                           // job lines read
  long skipped = 0;                        // jobs without submit or run time
};

// The 18 field names of SWF, in order (job_number, submit_time, wait_time, run_time, ...).
const std::vector<std::string>& swf_field_names();

SwfTrace parse_swf(std::istream& in, const std::string& name);
// Throws SwfError when the file cannot be opened or decompressed.
SwfTrace read_swf(const std::string& path);

// The window of jobs first .. first + count - 1 of the trace (count 0: to the end), shifted so that
// its first job is requested at time 0. A predecessor inside the window is kept, as an index into
// the window; one outside it is dropped. The one window both the simulation and the offline
// experiments use. Throws std::invalid_argument when first is not below the number of jobs.
std::vector<model::IntervalTask> swf_window(const SwfTrace& trace, std::size_t first,
                                            std::size_t count);

}  // namespace arsim::workloads
