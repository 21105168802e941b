// Simulated time and advance-reservation time frames (GridARS §2.2, §3.1).
#pragma once

#include <vector>

namespace arsim::model {

// Simulated time in seconds since the start of a run.
using Time = double;

// A half-open interval [start, end) of simulated time.
struct TimeFrame {
  Time start = 0;
  Time end = 0;

  Time length() const { return end - start; }
  bool inside(const TimeFrame& outer) const { return start >= outer.start && end <= outer.end; }
  bool operator==(const TimeFrame&) const = default;
};

// The N laddered frames of GridARS stage 2i: frames of length `duration` whose starts are spread
// evenly over [est, lst], first at est and last at lst, so every frame lies in [est, lst +
// duration]. One frame when n == 1 or est == lst. Throws std::invalid_argument on n < 1, lst < est
// or duration <= 0.
std::vector<TimeFrame> laddered_frames(Time est, Time lst, Time duration, int n);

}  // namespace arsim::model
