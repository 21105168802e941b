// actors::CoreAllocator (sim/actors/core_allocator.hpp): which cores of a site's hosts each running
// job holds. No engine is started.
#include <gtest/gtest.h>

#include <stdexcept>

#include "sim/actors/core_allocator.hpp"

using arsim::actors::CoreAllocator;
using Placement = CoreAllocator::Placement;

TEST(CoreAllocator, OverlappingJobsGetDifferentCores) {
  CoreAllocator a({1, 1, 1, 1});  // a cluster of four 1-core hosts
  EXPECT_EQ(a.take(0, 2, {600, 4200}), (Placement{{0, 1}, {1, 1}}));
  EXPECT_EQ(a.take(1, 2, {600, 4200}), (Placement{{2, 1}, {3, 1}}));
  for (int h = 0; h < 4; ++h) EXPECT_EQ(a.free_cores(h), 0);
}

TEST(CoreAllocator, AJobTakesOneHostWhenOneCanHoldIt) {
  CoreAllocator a({2, 4, 4});
  EXPECT_EQ(a.take(0, 1, {0, 10}), (Placement{{0, 1}}));
  EXPECT_EQ(a.take(1, 3, {0, 10}), (Placement{{1, 3}}));  // host 0 has 1 left, host 1 holds 3
  EXPECT_EQ(a.take(2, 4, {0, 10}), (Placement{{2, 4}}));
  EXPECT_EQ(a.take(3, 2, {5, 10}), (Placement{{0, 1}, {1, 1}}));  // no host holds 2: spread
}

TEST(CoreAllocator, AJobEndingWhenTheNextStartsLeavesItsCoresFree) {
  // The job of [0, 100) is not released yet when the next, of [100, 200), starts at the same
  // instant: its cores are free anyway, whatever the order of the two events.
  CoreAllocator a({2});
  a.take(0, 2, {0, 100});
  EXPECT_EQ(a.take(1, 2, {100, 200}), (Placement{{0, 2}}));
  a.release(0);  // late: gives back nothing the next job holds
  EXPECT_EQ(a.free_cores(0), 0);
  a.release(1);
  EXPECT_EQ(a.free_cores(0), 2);
}

TEST(CoreAllocator, ReleasedCoresAreTakenAgain) {
  CoreAllocator a({2, 2});
  a.take(0, 2, {0, 100});
  a.take(1, 2, {0, 100});
  a.release(0);  // cancelled before its end
  EXPECT_EQ(a.take(2, 2, {50, 150}), (Placement{{0, 2}}));
}

TEST(CoreAllocator, MoreThanTheHostsHaveIsAnInternalError) {
  CoreAllocator a({2, 2});
  a.take(0, 3, {0, 100});
  EXPECT_THROW(a.take(1, 2, {50, 150}), std::logic_error);
  EXPECT_THROW(a.take(0, 1, {100, 150}), std::logic_error);  // job 0 holds cores already
  EXPECT_THROW(CoreAllocator({2, 0}), std::invalid_argument);
}
