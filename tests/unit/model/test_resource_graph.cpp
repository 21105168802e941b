// ResourceGraph: validation errors name the offending vertex or edge, and leave the graph as it
// was.
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "model/resource_graph.hpp"

namespace arsim::model {
namespace {

using ::testing::HasSubstr;

Vertex site(std::string name, int cores, std::string domain = "d1") {
  return Vertex{std::move(name), VertexRole::Site, std::move(domain), cores, 1e9, 0, 1};
}
Vertex exchange(std::string name) {
  return Vertex{std::move(name), VertexRole::Exchange, "", 0, 0, 0, 1};
}
Edge link(std::string name, int a, int b, double bw, std::string domain = "d1") {
  return Edge{std::move(name), a, b, std::move(domain), bw, 1};
}

// Runs `add` expecting std::invalid_argument whose message contains `needle`.
template <class F>
void expect_invalid(F add, const std::string& needle) {
  try {
    add();
    ADD_FAILURE() << "no exception; expected one mentioning '" << needle << "'";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr(needle));
  }
}

class ResourceGraphTest : public ::testing::Test {
 protected:
  void SetUp() override {
    a_ = g_.add_vertex(site("A", 8));
    x_ = g_.add_vertex(exchange("X"));
    b_ = g_.add_vertex(site("B", 4, "d2"));
  }
  ResourceGraph g_;
  int a_ = -1, x_ = -1, b_ = -1;
};

TEST_F(ResourceGraphTest, VertexValidation) {
  expect_invalid([&] { g_.add_vertex(site("", 4)); }, "a name is non-empty");
  expect_invalid([&] { g_.add_vertex(site("A", 4)); }, "'A': duplicate");
  expect_invalid([&] { g_.add_vertex(site("C", 0)); }, "'C'");
  expect_invalid([&] { g_.add_vertex(site("C", -2)); }, "cores");
  Vertex bad = site("C", 4);
  bad.unit_value = -1;
  expect_invalid([&] { g_.add_vertex(bad); }, "unit_value");
  Vertex ex = exchange("Y");
  ex.cores = -1;
  expect_invalid([&] { g_.add_vertex(ex); }, "'Y'");
  EXPECT_EQ(g_.vertex_count(), 3);  // nothing was added by the failures
  EXPECT_FALSE(g_.find_vertex("C"));
}

TEST_F(ResourceGraphTest, EdgeValidation) {
  expect_invalid([&] { g_.add_edge(link("", a_, x_, 1)); }, "a name is non-empty");
  expect_invalid([&] { g_.add_edge(link("e", a_, 3, 1)); }, "'e': unknown endpoint");
  expect_invalid([&] { g_.add_edge(link("e", -1, x_, 1)); }, "unknown endpoint");
  expect_invalid([&] { g_.add_edge(link("e", x_, x_, 1)); }, "same vertex");
  expect_invalid([&] { g_.add_edge(link("e", a_, x_, 0)); }, "bandwidth");
  expect_invalid([&] { g_.add_edge(link("e", a_, x_, -5)); }, "bandwidth");
  expect_invalid([&] { g_.add_edge(link("e", a_, x_, std::numeric_limits<double>::quiet_NaN())); },
                 "bandwidth");
  Edge bad = link("e", a_, x_, 1);
  bad.unit_value = -0.5;
  expect_invalid([&] { g_.add_edge(bad); }, "unit_value");
  g_.add_edge(link("e", a_, x_, 1));
  expect_invalid([&] { g_.add_edge(link("e", x_, b_, 1)); }, "'e': duplicate");
  EXPECT_EQ(g_.edge_count(), 1);
  EXPECT_TRUE(g_.incident(b_).empty());  // the refused edge left no trace
}

TEST_F(ResourceGraphTest, ParallelEdgesAndIncidence) {
  const int e0 = g_.add_edge(link("ax1", a_, x_, 10, "d1"));
  const int e1 = g_.add_edge(link("ax2", x_, a_, 5, "d2"));
  const int e2 = g_.add_edge(link("xb", x_, b_, 5, "d2"));
  EXPECT_EQ(g_.incident(a_), (std::vector<int>{e0, e1}));
  EXPECT_EQ(g_.incident(x_), (std::vector<int>{e0, e1, e2}));
  EXPECT_EQ(g_.other_end(e1, a_), x_);
  EXPECT_EQ(g_.other_end(e1, x_), a_);
  EXPECT_THROW(g_.other_end(e2, a_), std::invalid_argument);
  EXPECT_EQ(g_.find_edge("xb"), e2);
  EXPECT_FALSE(g_.find_edge("nope"));
  EXPECT_EQ(g_.find_vertex("X"), x_);
}

TEST_F(ResourceGraphTest, SitesAndDomains) {
  g_.add_edge(link("ax", a_, x_, 10, "net1"));
  EXPECT_EQ(g_.sites(), (std::vector<int>{a_, b_}));
  EXPECT_EQ(g_.domains(), (std::vector<std::string>{"d1", "d2", "net1"}));
}

}  // namespace
}  // namespace arsim::model
