#include "workloads/intervals/swf.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <zlib.h>

#include "base/files.hpp"
#include "base/numbers.hpp"

namespace arsim::workloads {

namespace {

enum Field { kJob = 0, kSubmit = 1, kRun = 3, kAllocated = 4, kRequested = 7, kPreceding = 16 };

// Fields are integers in the archive's traces, but some hold decimals (e.g. average CPU time).
double parse_field(const std::string& token, const std::string& where, int field) {
  const auto value = base::parse_double(token);
  if (!value)
    throw SwfError(fmt::format("{}: field '{}': expected a number, got '{}'", where,
                               swf_field_names()[field], token));
  return *value;
}

void require_time(double value, const std::string& token, const std::string& where, int field) {
  if (value < 0 && value != -1)
    throw SwfError(fmt::format("{}: field '{}': expected a number >= 0 or -1, got '{}'", where,
                               swf_field_names()[field], token));
}

// A field that becomes an int (a job number, a processor count): a whole number in int's range,
// not a real truncated or a value out of range.
int int_field(double value, const std::string& token, const std::string& where, int field) {
  if (value != std::floor(value) || value < std::numeric_limits<int>::min() ||
      value > std::numeric_limits<int>::max())
    throw SwfError(fmt::format("{}: field '{}': expected an integer in [{}, {}], got '{}'", where,
                               swf_field_names()[field], std::numeric_limits<int>::min(),
                               std::numeric_limits<int>::max(), token));
  return static_cast<int>(value);
}

std::string read_all(const std::string& path) {
  base::require_regular_file(path, "trace");
  gzFile f = gzopen(path.c_str(), "rb");  // reads plain files unchanged too
  if (!f) throw SwfError(fmt::format("{}: cannot open", path));
  std::string text;
  char buf[1 << 16];
  int got = 0;
  while ((got = gzread(f, buf, sizeof buf)) > 0) {
    text.append(buf, static_cast<std::size_t>(got));
    if (text.size() > base::kMaxInputBytes) {  // a compressed bomb is refused, not expanded
      gzclose(f);
      throw SwfError(fmt::format("{}: cannot read trace: more than {} bytes once decompressed",
                                 path, base::kMaxInputBytes));
    }
  }
  int errnum = 0;
  const char* msg = gzerror(f, &errnum);
  const std::string error = got < 0 || errnum != Z_OK ? std::string(msg) : "";
  gzclose(f);
  if (!error.empty()) throw SwfError(fmt::format("{}: cannot decompress: {}", path, error));
  return text;
}

}  // namespace

const std::vector<std::string>& swf_field_names() {
  static const std::vector<std::string> names = {"job_number",
                                                 "submit_time",
                                                 "wait_time",
                                                 "run_time",
                                                 "allocated_processors",
                                                 "average_cpu_time",
                                                 "used_memory",
                                                 "requested_processors",
                                                 "requested_time",
                                                 "requested_memory",
                                                 "status",
                                                 "user_id",
                                                 "group_id",
                                                 "executable",
                                                 "queue",
                                                 "partition",
                                                 "preceding_job",
                                                 "think_time"};
  return names;
}

SwfTrace parse_swf(std::istream& in, const std::string& name) {
  SwfTrace trace;
  std::map<long, int> index_of_job;
  std::string line;
  for (long line_no = 1; std::getline(in, line); ++line_no) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    if (line[first] == ';') {
      trace.header.push_back(line.substr(first + 1));
      continue;
    }
    const std::string where = fmt::format("{}:{}", name, line_no);
    std::istringstream fields(line);
    std::vector<std::string> tokens;
    for (std::string t; fields >> t;) tokens.push_back(t);
    if (tokens.size() != 18)
      throw SwfError(fmt::format("{}: expected 18 fields, got {}", where, tokens.size()));
    double v[18];
    for (int k = 0; k < 18; ++k) v[k] = parse_field(tokens[k], where, k);
    const int id = int_field(v[kJob], tokens[kJob], where, kJob);
    require_time(v[kSubmit], tokens[kSubmit], where, kSubmit);
    require_time(v[kRun], tokens[kRun], where, kRun);
    ++trace.jobs;
    if (v[kSubmit] < 0 || v[kRun] < 0) {
      ++trace.skipped;
      continue;
    }
    model::IntervalTask r;
    r.id = id;
    r.start = v[kSubmit];
    r.finish = v[kSubmit] + v[kRun];
    if (!std::isfinite(r.finish))
      throw SwfError(
          fmt::format("{}: field 'run_time': expected submit_time + run_time to be a "
                      "finite number, got '{}' + '{}'",
                      where, tokens[kSubmit], tokens[kRun]));
    const int processors = v[kAllocated] > 0 ? kAllocated : kRequested;
    r.processors = int_field(v[processors], tokens[processors], where, processors);
    if (v[kPreceding] > 0) {
      auto it = index_of_job.find(int_field(v[kPreceding], tokens[kPreceding], where, kPreceding));
      if (it != index_of_job.end()) r.predecessor = it->second;
    }
    index_of_job[r.id] = static_cast<int>(trace.tasks.size());
    trace.tasks.push_back(r);
  }
  return trace;
}

SwfTrace read_swf(const std::string& path) {
  std::istringstream in(read_all(path));
  return parse_swf(in, path);
}

std::vector<model::IntervalTask> swf_window(const SwfTrace& trace, std::size_t first,
                                            std::size_t count) {
  if (first >= trace.tasks.size())
    throw std::invalid_argument(fmt::format("window starts at job {}, beyond the trace's {} jobs",
                                            first, trace.tasks.size()));
  const std::size_t end =
      count == 0 ? trace.tasks.size() : std::min(trace.tasks.size(), first + count);
  const double origin = trace.tasks[first].start;
  std::vector<model::IntervalTask> window(trace.tasks.begin() + first, trace.tasks.begin() + end);
  for (auto& t : window) {
    t.start -= origin;
    t.finish -= origin;
    const bool inside =
        t.predecessor >= static_cast<long>(first) && t.predecessor < static_cast<long>(end);
    t.predecessor = inside ? static_cast<int>(t.predecessor - first) : -1;
  }
  return window;
}

}  // namespace arsim::workloads
