// The independent checker of eqs. (1)–(5) (check.hpp) on hand-made allocations, and the
// instance's own validation.
#include <gtest/gtest.h>

#include "schedulers/ctaap/check.hpp"

namespace ct = arsim::schedulers::ctaap;

namespace {

// Tasks 0, 1, 2 (cpu 2, 1, 1; memory 0, 0, 5); b_01 = 4, b_12 = 8. Clusters A (cpu 2, memory 9,
// cap 2), B (cpu 1, memory 9, cap 1); b̂_AA = 4, b̂_AB = 8, b̂_BB = 0.
ct::Instance sample() {
  ct::Instance inst = ct::make_instance(3, 2);
  inst.cpu = {2, 1, 1};
  inst.memory = {0, 0, 5};
  inst.bandwidth(0, 1) = inst.bandwidth(1, 0) = 4;
  inst.bandwidth(1, 2) = inst.bandwidth(2, 1) = 8;
  inst.cluster_cpu = {2, 1};
  inst.cluster_memory = {9, 9};
  inst.capacity = {2, 1};
  inst.cluster_bandwidth(0, 0) = 4;
  inst.cluster_bandwidth(0, 1) = inst.cluster_bandwidth(1, 0) = 8;
  return inst;
}

std::string violation(const ct::Instance& inst, const ct::Matrix& x) {
  auto err = ct::check_matrix(inst, x);
  return err ? *err : "";
}

}  // namespace

TEST(CtaapCheck, AcceptsFeasibleAllocations) {
  const auto inst = sample();
  EXPECT_EQ(ct::check_allocation(inst, {0, 0, 1}), std::nullopt);  // b_01 <= b̂_AA, b_12 <= b̂_AB
  EXPECT_EQ(ct::check_allocation(inst, {-1, -1, -1}), std::nullopt);
  EXPECT_EQ(ct::check_allocation(inst, {0, 1, -1}), std::nullopt);
}

TEST(CtaapCheck, NamesEachViolatedEquation) {
  const auto inst = sample();
  ct::Matrix x(3, 2);
  x(0, 0) = 0.5;
  EXPECT_NE(violation(inst, x).find("eq. (5)"), std::string::npos);
  x = ct::Matrix(3, 2);
  x(1, 0) = x(1, 1) = 1;
  EXPECT_NE(violation(inst, x).find("eq. (1)"), std::string::npos);
  x = ct::Matrix(3, 2);
  x(1, 1) = x(2, 1) = 1;  // B holds two tasks, capacity 1
  EXPECT_NE(violation(inst, x).find("eq. (2)"), std::string::npos);
  x = ct::Matrix(3, 2);
  x(0, 1) = 1;  // task 0 needs 2 CPU, B has 1
  EXPECT_NE(violation(inst, x).find("eq. (3)"), std::string::npos);
  x = ct::Matrix(3, 2);
  x(1, 0) = x(2, 0) = 1;  // b_12 = 8 > b̂_AA = 4
  EXPECT_NE(violation(inst, x).find("eq. (4)"), std::string::npos);
}

TEST(CtaapCheck, MemoryIsPartOfEq3) {
  auto inst = sample();
  inst.cluster_memory[1] = 4;  // task 2 needs memory 5
  EXPECT_NE(ct::check_allocation(inst, {-1, -1, 1})->find("eq. (3)"), std::string::npos);
}

TEST(CtaapCheck, ReadsEq4InBothDirections) {
  auto inst = sample();
  inst.bandwidth(1, 0) = 9;  // asymmetric: b_10 = 9 > b̂_AA = 4 although b_01 = 4 fits
  EXPECT_NE(ct::check_allocation(inst, {0, 0, -1})->find("eq. (4)"), std::string::npos);
}

TEST(CtaapCheck, RejectsMalformedAllocations) {
  const auto inst = sample();
  EXPECT_TRUE(ct::check_allocation(inst, {0, 5, -1}).has_value());
  EXPECT_TRUE(ct::check_allocation(inst, {0, 1}).has_value());
  EXPECT_TRUE(ct::check_matrix(inst, ct::Matrix(2, 2)).has_value());
}

TEST(CtaapInstance, ValidateNamesTheField) {
  auto inst = sample();
  EXPECT_NO_THROW(ct::validate(inst));
  inst.bandwidth(1, 1) = 1;
  EXPECT_THROW(ct::validate(inst), std::invalid_argument);
  inst = sample();
  inst.capacity[0] = -1;
  EXPECT_THROW(ct::validate(inst), std::invalid_argument);
  inst = sample();
  inst.cpu[0] = -1;
  EXPECT_THROW(ct::validate(inst), std::invalid_argument);
  inst = sample();
  inst.cluster_bandwidth = ct::Matrix(3, 3);
  EXPECT_THROW(ct::validate(inst), std::invalid_argument);
}
