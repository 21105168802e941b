#include "model/time.hpp"

#include <stdexcept>

namespace arsim::model {

std::vector<TimeFrame> laddered_frames(Time est, Time lst, Time duration, int n) {
  if (n < 1) throw std::invalid_argument("laddered_frames: n must be >= 1");
  if (lst < est) throw std::invalid_argument("laddered_frames: lst must be >= est");
  if (!(duration > 0)) throw std::invalid_argument("laddered_frames: duration must be > 0");
  std::vector<TimeFrame> frames;
  if (n == 1 || lst == est) {
    frames.push_back({est, est + duration});
    return frames;
  }
  const double step = (lst - est) / (n - 1);
  for (int i = 0; i < n; ++i) {
    // The last start is lst exactly, not est + (n-1)*step, so rounding never leaves the window.
    const Time start = i + 1 == n ? lst : est + i * step;
    frames.push_back({start, start + duration});
  }
  return frames;
}

}  // namespace arsim::model
