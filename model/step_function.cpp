#include "model/step_function.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace arsim::model {

namespace {

constexpr double kNothing = -std::numeric_limits<double>::infinity();

bool time_less(Time t, const StepFunction::Point& p) {
  return t < p.time;
}

// Starts and ends do not decrease, and each frame starts no later than the previous one ends, so
// the frames cover the stretch from the first start to the last end without a gap: one pass over
// it costs no more than scanning each frame.
bool laddered(const std::vector<TimeFrame>& frames) {
  for (std::size_t i = 0; i < frames.size(); ++i) {
    if (!(frames[i].end > frames[i].start)) return false;
    if (i > 0 && (frames[i].start < frames[i - 1].start || frames[i].end < frames[i - 1].end ||
                  frames[i].start > frames[i - 1].end))
      return false;
  }
  return !frames.empty();
}

}  // namespace

StepFunction::StepFunction(std::size_t chunk) : chunk_(chunk) {
  if (chunk < 2) throw std::invalid_argument("StepFunction: chunk must be >= 2");
}

StepFunction::Pos StepFunction::upper(Time t) const {
  const auto c = static_cast<std::size_t>(std::upper_bound(firsts_.begin(), firsts_.end(), t) -
                                          firsts_.begin());
  if (c == 0) return {0, 0};  // every breakpoint is after t
  const auto& chunk = chunks_[c - 1];
  const auto i = static_cast<std::size_t>(
      std::upper_bound(chunk.begin(), chunk.end(), t, time_less) - chunk.begin());
  return i < chunk.size() ? Pos{c - 1, i} : Pos{c, 0};
}

StepFunction::Pos StepFunction::next(Pos p) const {
  return p.index + 1 < chunks_[p.chunk].size() ? Pos{p.chunk, p.index + 1} : Pos{p.chunk + 1, 0};
}

double StepFunction::before(Pos p) const {
  if (p.index > 0) return chunks_[p.chunk][p.index - 1].value;
  return p.chunk > 0 ? chunks_[p.chunk - 1].back().value : 0.0;
}

double StepFunction::at(Time t) const {
  return before(upper(t));
}

double StepFunction::max_over(TimeFrame frame) const {
  if (!(frame.end > frame.start)) return kNothing;
  Pos p = upper(frame.start);
  double best = before(p);
  for (; valid(p) && point(p).time < frame.end; p = next(p)) best = std::max(best, point(p).value);
  return best;
}

std::vector<double> StepFunction::max_over_each(const std::vector<TimeFrame>& frames) const {
  std::vector<double> out;
  out.reserve(frames.size());
  if (!laddered(frames)) {
    for (const auto& f : frames) out.push_back(max_over(f));
    return out;
  }
  // A sliding-window maximum over the breakpoints from the first start to the last end: each
  // enters the window once (when a frame's end passes it) and leaves it once (when a frame's
  // start does).
  Pos passed = upper(frames.front().start);  // first breakpoint after the frame's start
  Pos entered = passed;                      // first breakpoint at or after the frame's end
  double at_start = before(passed);
  std::vector<Point> window;  // breakpoints inside the frame, values decreasing
  std::size_t head = 0;       // window[head..] is live
  for (const auto& f : frames) {
    for (; valid(entered) && point(entered).time < f.end; entered = next(entered)) {
      while (window.size() > head && window.back().value <= point(entered).value) window.pop_back();
      window.push_back(point(entered));
    }
    for (; valid(passed) && point(passed).time <= f.start; passed = next(passed))
      at_start = point(passed).value;
    while (window.size() > head && window[head].time <= f.start) ++head;
    out.push_back(window.size() > head ? std::max(at_start, window[head].value) : at_start);
  }
  return out;
}

StepFunction::Pos StepFunction::ensure(Time t) {
  Pos p = upper(t);
  // The breakpoint before p, if any, is the last one at or before t.
  if (p.index > 0 && chunks_[p.chunk][p.index - 1].time == t) return {p.chunk, p.index - 1};
  if (p.index == 0 && p.chunk > 0 && chunks_[p.chunk - 1].back().time == t)
    return {p.chunk - 1, chunks_[p.chunk - 1].size() - 1};
  const Point added{t, before(p)};
  if (chunks_.empty()) {
    chunks_.push_back({added});
    firsts_.push_back(t);
    ++size_;
    return {0, 0};
  }
  // Between two chunks the point goes at the end of the earlier one, so no first time changes.
  if (p.index == 0 && p.chunk > 0) p = {p.chunk - 1, chunks_[p.chunk - 1].size()};
  auto& chunk = chunks_[p.chunk];
  chunk.insert(chunk.begin() + static_cast<std::ptrdiff_t>(p.index), added);
  ++size_;
  if (p.index == 0) firsts_[p.chunk] = t;
  if (chunk.size() <= chunk_) return p;
  // Split in halves: both keep at least chunk_/2 points, so no two neighbours fall below the
  // bound settle() keeps.
  const std::size_t half = chunk.size() / 2;
  std::vector<Point> upper_half(chunk.begin() + static_cast<std::ptrdiff_t>(half), chunk.end());
  chunk.resize(half);
  firsts_.insert(firsts_.begin() + static_cast<std::ptrdiff_t>(p.chunk + 1),
                 upper_half.front().time);
  chunks_.insert(chunks_.begin() + static_cast<std::ptrdiff_t>(p.chunk + 1), std::move(upper_half));
  return p.index < half ? p : Pos{p.chunk + 1, p.index - half};
}

void StepFunction::erase(Pos p) {
  auto& chunk = chunks_[p.chunk];
  chunk.erase(chunk.begin() + static_cast<std::ptrdiff_t>(p.index));
  --size_;
  std::size_t c = p.chunk;
  if (chunk.empty()) {
    chunks_.erase(chunks_.begin() + static_cast<std::ptrdiff_t>(c));
    firsts_.erase(firsts_.begin() + static_cast<std::ptrdiff_t>(c));
    if (c == 0) return;
    --c;  // its old neighbours are now adjacent: check the pair (c, c + 1)
  } else if (p.index == 0) {
    firsts_[c] = chunk.front().time;
  }
  // Keep every two neighbouring chunks above chunk_/2 points together, so there are at most
  // about 4n/chunk_ chunks: merge a pair that fell to that bound (it fits in one chunk).
  auto small = [&](std::size_t k) {
    return k + 1 < chunks_.size() && 2 * (chunks_[k].size() + chunks_[k + 1].size()) <= chunk_;
  };
  const std::size_t k = c > 0 && small(c - 1) ? c - 1 : c;
  if (!small(k)) return;
  auto& left = chunks_[k];
  left.insert(left.end(), chunks_[k + 1].begin(), chunks_[k + 1].end());
  chunks_.erase(chunks_.begin() + static_cast<std::ptrdiff_t>(k + 1));
  firsts_.erase(firsts_.begin() + static_cast<std::ptrdiff_t>(k + 1));
}

void StepFunction::drop_if_flat(Time t, double eps) {
  Pos p = upper(t);  // the breakpoint at t exists and is the one before p
  p = p.index > 0 ? Pos{p.chunk, p.index - 1} : Pos{p.chunk - 1, chunks_[p.chunk - 1].size() - 1};
  if (std::abs(point(p).value - before(p)) < eps) erase(p);
}

void StepFunction::add(TimeFrame frame, double amount, double eps) {
  if (!(frame.end > frame.start)) return;
  ensure(frame.end);  // first, so the value it copies is the one before the change
  for (Pos p = ensure(frame.start); point(p).time < frame.end; p = next(p))
    chunks_[p.chunk][p.index].value += amount;
  // Only the two ends can have become equal to the value before them.
  drop_if_flat(frame.end, eps);
  drop_if_flat(frame.start, eps);
}

std::vector<StepFunction::Point> StepFunction::points() const {
  std::vector<Point> out;
  out.reserve(size_);
  for (const auto& chunk : chunks_) out.insert(out.end(), chunk.begin(), chunk.end());
  return out;
}

}  // namespace arsim::model
