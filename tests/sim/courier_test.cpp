// actors::Courier (sim/actors/courier.hpp) against detached sends (actors::post) in the same
// engine, on two control links of equal latency and bandwidth (platforms/tiny.xml: the GRC's host
// to the portal and to site A): messages must arrive in the order they were handed over, at the
// same instants as detached sends, whether the receiver reads late or waits first; meanwhile at
// most one courier message is pending in SimGrid. One engine per test process.
#include <gtest/gtest.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "sim/actors/courier.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/engine/start_engine.hpp"

namespace sg4 = simgrid::s4u;
using namespace arsim;

namespace {

// A message of kBytes takes the link's 5 ms plus its size over about 1 Gbit/s (CM02: no latency
// factor); every transfer below is one message alone on its link, so all take the same time.
constexpr double kBytes = 1000;

struct Lane {
  std::vector<int> received;
  std::vector<double> at;
  std::size_t pending_midway = 0;  // communications waiting in the SimGrid mailbox at t = 5
};

void receive(sg4::Mailbox* box, double from, int count, Lane& lane) {
  sg4::this_actor::sleep_until(from);
  for (int i = 0; i < count; ++i) {
    lane.received.push_back(*box->get_unique<int>());
    lane.at.push_back(sg4::Engine::get_clock());
  }
}

// Three messages handed over at t = 0 and one at t = 12; the receivers read from t = `read_from`.
void run(double read_from, Lane& courier_lane, Lane& post_lane) {
  const auto started =
      arsim::engine::start_engine({"--log=root.thresh:critical", "--cfg=network/model:CM02"});
  sg4::Engine& e = *started;
  e.load_platform("platforms/tiny.xml");
  sg4::Host* grc = e.host_by_name("grc");
  sg4::Mailbox* by_courier = sg4::Mailbox::by_name("to-portal");
  sg4::Mailbox* by_post = sg4::Mailbox::by_name("to-A");
  sg4::Actor::create("sender", grc, [&] {
    auto courier = actors::Courier<int>::start(by_courier, sg4::this_actor::get_host());
    for (int m : {1, 2, 3}) {
      courier->send(m, kBytes);
      actors::post(by_post, m, kBytes);
    }
    sg4::this_actor::sleep_until(5);
    courier_lane.pending_midway = by_courier->size();
    post_lane.pending_midway = by_post->size();
    sg4::this_actor::sleep_until(12);
    courier->send(4, kBytes);
    actors::post(by_post, 4, kBytes);
  });
  sg4::Actor::create("reader-portal", e.host_by_name("portal"),
                     [&] { receive(by_courier, read_from, 4, courier_lane); });
  sg4::Actor::create("reader-A", e.host_by_name("A"),
                     [&] { receive(by_post, read_from, 4, post_lane); });
  e.run();
}

void expect_same_delivery(const Lane& courier, const Lane& post) {
  EXPECT_EQ(courier.received, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(post.received, courier.received);
  ASSERT_EQ(courier.at.size(), post.at.size());
  for (std::size_t i = 0; i < courier.at.size(); ++i)
    EXPECT_EQ(courier.at[i], post.at[i]) << "message " << i;
}

}  // namespace

// The time one message takes, checked to be the link's latency plus a little.
double transfer_time(const Lane& lane) {
  const double t = lane.at.back() - 12;  // the fourth message, handed over at t = 12
  EXPECT_GT(t, 0.005);
  EXPECT_LT(t, 0.00501);
  return t;
}

TEST(Courier, ReceiverReadingLateGetsEachMessageWhenItReads) {
  Lane courier, post;
  run(10, courier, post);
  expect_same_delivery(courier, post);
  ASSERT_EQ(courier.at.size(), 4u);
  // Read one after the other from t = 10: each transfer starts when the previous one ends.
  const double t = transfer_time(courier);
  EXPECT_NEAR(courier.at[0], 10 + t, 1e-9);
  EXPECT_NEAR(courier.at[1], 10 + 2 * t, 1e-9);
  EXPECT_NEAR(courier.at[2], 10 + 3 * t, 1e-9);
  EXPECT_EQ(post.pending_midway, 3u);     // detached sends all wait in SimGrid
  EXPECT_EQ(courier.pending_midway, 1u);  // the courier's others wait in its deque
}

TEST(Courier, WaitingReceiverGetsMessagesAsTheyAreSent) {
  Lane courier, post;
  run(0, courier, post);
  expect_same_delivery(courier, post);
  ASSERT_EQ(courier.at.size(), 4u);
  const double t = transfer_time(courier);
  EXPECT_NEAR(courier.at[0], t, 1e-9);
  EXPECT_NEAR(courier.at[2], 3 * t, 1e-9);
  // Everything was delivered by then: what waits in either mailbox is the reader's next receive.
  EXPECT_EQ(courier.pending_midway, 1u);
  EXPECT_EQ(post.pending_midway, 1u);
}
