// A piecewise-constant function of time, 0 before its first breakpoint: the capacity reserved on
// one resource over time (reservation_table.hpp).
//
// It is kept as its breakpoints (time, value from that time on) in time order, in chunks of at
// most `chunk` points, with a directory of the chunks' first times. Values are stored, not
// changes, so reading the value at t or the maximum over a frame is a binary search and a scan of
// the breakpoints inside the frame, in contiguous memory: neither touches the rest of the history.
// Adding an amount over a frame changes the breakpoints inside it and inserts at most two. Costs,
// with n breakpoints and m of them inside the frame: at O(log n); max_over O(log n + m); add
// O(log n + chunk + m), plus O(n / chunk) when a chunk splits or empties (once per chunk/2 such
// operations at least).
#pragma once

#include <cstddef>
#include <vector>

#include "model/time.hpp"

namespace arsim::model {

class StepFunction {
 public:
  // Throws std::invalid_argument when chunk < 2.
  explicit StepFunction(std::size_t chunk = 64);

  // Adds `amount` over [frame.start, frame.end); nothing for an empty frame. A breakpoint whose
  // value ends within `eps` of the value before it is dropped, so adding and later subtracting
  // the same amounts leaves no breakpoint behind.
  void add(TimeFrame frame, double amount, double eps = 1e-9);
  double at(Time t) const;
  // Maximum over [start, end): the value at start or at a breakpoint inside; -infinity for an
  // empty frame.
  double max_over(TimeFrame frame) const;
  // max_over of each frame. Frames whose starts and ends do not decrease and that overlap or
  // touch the next one (laddered frames, model::laddered_frames) are answered in one pass over
  // the breakpoints from the first start to the last end, O(log n + m + frames), never more than
  // frame by frame; other frames one by one.
  std::vector<double> max_over_each(const std::vector<TimeFrame>& frames) const;

  std::size_t size() const { return size_; }  // breakpoints
  // Chunks in use: at most 4 size() / chunk + 1 (two neighbours hold more than chunk/2).
  std::size_t chunks() const { return chunks_.size(); }
  // Breakpoints in time order, for tests and checkers.
  struct Point {
    Time time;
    double value;
  };
  std::vector<Point> points() const;

 private:
  struct Pos {
    std::size_t chunk;
    std::size_t index;
  };
  Pos upper(Time t) const;  // first breakpoint after t (chunk == chunks_.size() at the end)
  bool valid(Pos p) const { return p.chunk < chunks_.size(); }
  const Point& point(Pos p) const { return chunks_[p.chunk][p.index]; }
  Pos next(Pos p) const;
  double before(Pos p) const;  // value just before breakpoint p (0 before the first)
  Pos ensure(Time t);          // the breakpoint at t, inserted with the value there if missing
  void drop_if_flat(Time t, double eps);
  void erase(Pos p);

  std::size_t chunk_;
  std::size_t size_ = 0;
  std::vector<std::vector<Point>> chunks_;  // each sorted and non-empty
  std::vector<Time> firsts_;                // time of each chunk's first breakpoint
};

}  // namespace arsim::model
