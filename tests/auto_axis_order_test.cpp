// The viewer's "auto" axis order without a GPU: the less-work order until both orders have
// enough timings, then the faster median with hysteresis, and a fresh start for new work.
#include "app/viewer/auto_axis_order.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace fftbloom {
namespace {

using gpu_fft::Axis;

// Wide images favour x-first by butterfly count, tall ones y-first (the tie rule).
constexpr AxisWork kWide{1920, 200, 16, Padding::Zero, SpectrumMode::Tent};
constexpr AxisWork kTall{200, 1920, 16, Padding::Zero, SpectrumMode::Tent};

std::vector<double> times(double ms) {
    return {ms, ms, ms};
}

// An order with the less-work order already in use, and its opposite.
struct Started {
    AutoAxisOrder order;
    Axis cheaper;
    Axis other;
};

Started startedOn(const AxisWork& work) {
    Started started;
    started.order.setWork(work);
    started.cheaper = gpu_fft::cheaperFirstAxis(work.imageWidth, work.imageHeight, work.kernelSize);
    started.other = started.cheaper == Axis::Y ? Axis::X : Axis::Y;
    return started;
}

// Feeds `cheaperMs` for the less-work order and `otherMs` for the other one.
const AxisChoice& feed(Started& started, const std::vector<double>& cheaperMs,
                       const std::vector<double>& otherMs) {
    const bool yCheaper = started.cheaper == Axis::Y;
    return started.order.update(yCheaper ? cheaperMs : otherMs, yCheaper ? otherMs : cheaperMs);
}

TEST(AutoAxisOrder, TheWorkCasesUsedHereDisagree) {
    EXPECT_EQ(startedOn(kWide).cheaper, Axis::X);
    EXPECT_EQ(startedOn(kTall).cheaper, Axis::Y);
}

TEST(AutoAxisOrder, WithoutTimingsPicksTheLessWorkOrder) {
    for (const AxisWork& work : {kWide, kTall}) {
        Started started = startedOn(work);
        EXPECT_EQ(started.order.choice().axis, started.cheaper);
        EXPECT_FALSE(started.order.choice().measured);
        const AxisChoice& choice = feed(started, {}, {});
        EXPECT_EQ(choice.axis, started.cheaper);
        EXPECT_FALSE(choice.measured);
    }
}

TEST(AutoAxisOrder, TooFewTimingsOfEitherOrderDoNotDecide) {
    Started started = startedOn(kWide);
    EXPECT_EQ(feed(started, times(1.0), {0.5, 0.5}).axis, started.cheaper);
    EXPECT_EQ(feed(started, {1.0, 1.0}, times(0.5)).axis, started.cheaper);
    EXPECT_FALSE(started.order.choice().measured);
}

TEST(AutoAxisOrder, SwitchesToTheOrderMeasuredFaster) {
    for (const AxisWork& work : {kWide, kTall}) {
        Started started = startedOn(work);
        const AxisChoice& choice = feed(started, times(0.49), times(0.41));
        EXPECT_EQ(choice.axis, started.other);
        EXPECT_TRUE(choice.measured);
        EXPECT_DOUBLE_EQ(choice.chosenMs, 0.41);
        EXPECT_DOUBLE_EQ(choice.otherMs, 0.49);
    }
}

TEST(AutoAxisOrder, KeepsTheLessWorkOrderWhenItIsMeasuredFaster) {
    Started started = startedOn(kWide);
    const AxisChoice& choice = feed(started, times(0.41), times(0.49));
    EXPECT_EQ(choice.axis, started.cheaper);
    EXPECT_TRUE(choice.measured);
    EXPECT_DOUBLE_EQ(choice.chosenMs, 0.41);
}

TEST(AutoAxisOrder, StaysWithinTheHysteresis) {
    Started started = startedOn(kWide);
    const AxisChoice& choice = feed(started, times(1.00), times(0.97)); // 3 % faster: not enough
    EXPECT_EQ(choice.axis, started.cheaper);
    EXPECT_TRUE(choice.measured);
    EXPECT_EQ(feed(started, times(1.00), times(0.94)).axis, started.other); // 6 %: switch
}

TEST(AutoAxisOrder, DoesNotFlipBackOnNoise) {
    Started started = startedOn(kWide);
    ASSERT_EQ(feed(started, times(1.00), times(0.90)).axis, started.other);
    // Now the less-work order looks a little faster: still within 5 % of the one in use.
    EXPECT_EQ(feed(started, times(0.97), times(1.00)).axis, started.other);
    EXPECT_EQ(feed(started, times(0.90), times(1.00)).axis, started.cheaper); // 10 %: back
}

TEST(AutoAxisOrder, MediansIgnoreAnOutlier) {
    Started started = startedOn(kWide);
    // The other order's first frame was slow (cold caches): its median is still 0.5 ms.
    const AxisChoice& choice = feed(started, {1.0, 1.0, 1.0, 1.0}, {9.0, 0.5, 0.5});
    EXPECT_EQ(choice.axis, started.other);
    EXPECT_DOUBLE_EQ(choice.chosenMs, 0.5);
}

TEST(AutoAxisOrder, NewWorkStartsOverAtTheLessWorkOrder) {
    Started started = startedOn(kWide);
    ASSERT_EQ(feed(started, times(1.0), times(0.5)).axis, started.other);
    EXPECT_FALSE(started.order.setWork(kWide)) << "the same work keeps its measurements";
    EXPECT_EQ(started.order.choice().axis, started.other);
    EXPECT_TRUE(started.order.choice().measured);

    auto changed = [](auto edit) {
        AxisWork work = kWide;
        edit(work);
        return work;
    };
    const AxisWork variants[] = {
        changed([](AxisWork& w) { w.imageWidth = 1921; }),
        changed([](AxisWork& w) { w.imageHeight = 201; }),
        changed([](AxisWork& w) { w.kernelSize = 32; }),
        changed([](AxisWork& w) { w.padding = Padding::Mirror; }),
        changed([](AxisWork& w) { w.spectrum = SpectrumMode::Exact; }),
    };
    for (const AxisWork& work : variants) {
        Started again = startedOn(kWide);
        ASSERT_EQ(feed(again, times(1.0), times(0.5)).axis, again.other);
        EXPECT_TRUE(again.order.setWork(work)) << "any change to the work forgets the timings";
        const Axis cheaper =
            gpu_fft::cheaperFirstAxis(work.imageWidth, work.imageHeight, work.kernelSize);
        EXPECT_EQ(again.order.choice().axis, cheaper);
        EXPECT_FALSE(again.order.choice().measured);
    }
}

TEST(AutoAxisOrder, SaysWhatItChoseAndWhy) {
    EXPECT_EQ(describe({Axis::Y, false, 0, 0}), "y first (less work; measuring)");
    EXPECT_EQ(describe({Axis::X, true, 0.41, 0.49}), "x first (measured 0.41 vs 0.49 ms)");
    EXPECT_EQ(describe({Axis::Y, true, 1.00, 0.98}),
              "y first (measured 1.00 vs 0.98 ms, within 5 %)");
}

TEST(AutoAxisOrder, MedianOfOddAndEvenCounts) {
    EXPECT_DOUBLE_EQ(median(std::vector<double>{3, 1, 2}), 2);
    EXPECT_DOUBLE_EQ(median(std::vector<double>{4, 1, 3, 2}), 2.5);
    EXPECT_DOUBLE_EQ(median(std::vector<double>{7}), 7);
}

} // namespace
} // namespace fftbloom
