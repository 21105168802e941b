// ReservationTable against a brute-force reference: random hold/commit/abort/release/expire
// sequences with integer times, compared after every step. The reference is a plain list of
// reservations scanned in full; it purges expired holds on the same calls as the table does
// (min_free, hold, commit, expire), so even the lazy moments agree.
#include <algorithm>
#include <map>
#include <random>

#include <gtest/gtest.h>

#include "model/reservation_table.hpp"

namespace arsim::model {
namespace {

struct RefReservation {
  TimeFrame frame;
  double amount;
  bool committed;
  Time expiry;
};

class Reference {
 public:
  explicit Reference(double capacity) : capacity_(capacity) {}

  void expire(Time now) {
    std::erase_if(res_,
                  [&](const auto& kv) { return !kv.second.committed && kv.second.expiry <= now; });
  }
  double reserved_at(Time t) const {
    double sum = 0;
    for (const auto& [id, r] : res_)
      if (r.frame.start <= t && t < r.frame.end) sum += r.amount;
    return sum;
  }
  // The step function only rises at reservation starts: the frame start and the starts inside.
  double max_reserved(TimeFrame f) const {
    double best = reserved_at(f.start);
    for (const auto& [id, r] : res_)
      if (r.frame.start > f.start && r.frame.start < f.end)
        best = std::max(best, reserved_at(r.frame.start));
    return best;
  }
  double min_free(TimeFrame f, Time now) {
    expire(now);
    return f.end > f.start ? capacity_ - max_reserved(f) : capacity_;
  }
  bool hold(TimeFrame f, double amount, ReservationId id, Time expiry, Time now) {
    expire(now);
    if (!(f.end > f.start) || !(amount > 0) || res_.count(id)) return false;
    if (amount > capacity_ - max_reserved(f) + 1e-9) return false;
    res_[id] = {f, amount, false, expiry};
    return true;
  }
  bool commit(ReservationId id, Time now) {
    expire(now);
    auto it = res_.find(id);
    if (it == res_.end() || it->second.committed) return false;
    return it->second.committed = true;
  }
  bool drop(ReservationId id, bool committed) {
    auto it = res_.find(id);
    if (it == res_.end() || it->second.committed != committed) return false;
    res_.erase(it);
    return true;
  }
  const std::map<ReservationId, RefReservation>& all() const { return res_; }

 private:
  double capacity_;
  std::map<ReservationId, RefReservation> res_;
};

void run_random_sequence(std::uint64_t seed, int steps, double capacity) {
  std::mt19937_64 rng(seed);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto frame = [&](int horizon) {
    const int start = uniform(0, horizon);
    return TimeFrame{double(start), double(start + uniform(-1, 15))};  // some empty or reversed
  };
  ReservationTable table(capacity);
  Reference ref(capacity);
  Time now = 0;
  for (int step = 0; step < steps; ++step) {
    SCOPED_TRACE(testing::Message() << "seed " << seed << " step " << step);
    now += uniform(0, 2);
    const ReservationId id = uniform(0, 40);
    switch (uniform(0, 10)) {
      case 0:
      case 1:
      case 2: {
        const TimeFrame f = frame(int(now) + 60);
        const double amount = uniform(-1, 2 * int(capacity)) / 2.0;  // halves: exact sums
        const Time expiry = now + uniform(0, 25);
        ASSERT_EQ(table.hold(f, amount, id, expiry, now), ref.hold(f, amount, id, expiry, now));
        break;
      }
      case 3:
      case 4:
        ASSERT_EQ(table.commit(id, now), ref.commit(id, now));
        break;
      case 5:
        ASSERT_EQ(table.abort(id), ref.drop(id, false));
        break;
      case 6:
        ASSERT_EQ(table.release(id), ref.drop(id, true));
        break;
      case 7:
        table.expire(now);
        ref.expire(now);
        break;
      case 8: {  // all frames of a query at once: laddered, or as they come
        std::vector<TimeFrame> frames;
        const int length = uniform(1, 15), stride = uniform(0, length + 2), first = int(now);
        for (int i = uniform(1, 10); i > 0; --i)
          frames.push_back(uniform(0, 3) ? TimeFrame{double(first + i * stride),
                                                     double(first + i * stride + length)}
                                         : frame(int(now) + 60));
        if (uniform(0, 1)) std::reverse(frames.begin(), frames.end());
        const auto free = table.min_free(frames, now);
        ASSERT_EQ(free.size(), frames.size());
        for (std::size_t i = 0; i < frames.size(); ++i)
          ASSERT_NEAR(free[i], ref.min_free(frames[i], now), 1e-9) << "frame " << i;
        break;
      }
      default: {
        const TimeFrame f = frame(int(now) + 60);
        ASSERT_NEAR(table.min_free(f, now), ref.min_free(f, now), 1e-9);
      }
    }
    ASSERT_EQ(table.size(), ref.all().size());
    for (int k = 0; k < 3; ++k) {
      const Time t = uniform(0, 2 * (int(now) + 80)) / 2.0;  // on and between integer steps
      ASSERT_NEAR(table.reserved_at(t), ref.reserved_at(t), 1e-9) << "t=" << t;
    }
    const auto found = table.find(id);
    const auto it = ref.all().find(id);
    ASSERT_EQ(found.has_value(), it != ref.all().end());
    if (found) {
      EXPECT_EQ(found->state == ReservationState::Committed, it->second.committed);
      EXPECT_EQ(found->frame, it->second.frame);
      EXPECT_EQ(found->amount, it->second.amount);
    }
  }
}

TEST(ReservationTableRandom, MatchesBruteForceReference) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) run_random_sequence(seed, 3000, 10);
}

TEST(ReservationTableRandom, MatchesBruteForceReferenceTightCapacity) {
  // A capacity of 2 makes refusals and exactly-full frames frequent.
  for (std::uint64_t seed = 100; seed <= 104; ++seed) run_random_sequence(seed, 3000, 2);
}

TEST(ReservationTableRandom, LongRunCancelsToEmpty) {
  // Thousands of reservations at the same few instants, then all dropped: every delta must
  // cancel, leaving capacity everywhere.
  std::mt19937_64 rng(7);
  ReservationTable t(1000);
  std::vector<ReservationId> held;
  for (ReservationId id = 0; id < 5000; ++id) {
    const int s = std::uniform_int_distribution<int>(0, 20)(rng);
    if (t.hold({double(s), double(s + 1 + id % 5)}, 0.125, id, 1e9, 0)) held.push_back(id);
  }
  ASSERT_FALSE(held.empty());
  for (std::size_t k = 0; k < held.size(); ++k) {
    if (k % 2)
      ASSERT_TRUE(t.abort(held[k]));
    else
      ASSERT_TRUE(t.commit(held[k], 0) && t.release(held[k]));
  }
  EXPECT_EQ(t.size(), 0u);
  EXPECT_DOUBLE_EQ(t.min_free({-1, 100}, 0), 1000);
  for (int x = 0; x < 30; ++x) EXPECT_DOUBLE_EQ(t.reserved_at(x), 0);
}

}  // namespace
}  // namespace arsim::model
