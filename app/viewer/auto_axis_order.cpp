#include "app/viewer/auto_axis_order.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace fftbloom {
namespace {

gpu_fft::Axis other(gpu_fft::Axis axis) {
    return axis == gpu_fft::Axis::Y ? gpu_fft::Axis::X : gpu_fft::Axis::Y;
}

const char* nameOf(gpu_fft::Axis axis) {
    return axis == gpu_fft::Axis::Y ? "y first" : "x first";
}

} // namespace

AxisWork axisWorkOf(std::uint32_t imageWidth, std::uint32_t imageHeight,
                    const ConvolutionSettings& settings) {
    return {imageWidth,       imageHeight,       settings.kernelSize,
            settings.padding, settings.spectrum, settings.precision};
}

std::string describe(const AxisChoice& choice) {
    if (!choice.measured) {
        return std::string(nameOf(choice.axis)) + " (less work; measuring)";
    }
    const bool close = std::abs(choice.chosenMs - choice.otherMs) <
                       kAutoSwitchMargin * std::max(choice.chosenMs, choice.otherMs);
    char text[96];
    std::snprintf(text, sizeof text, "%s (measured %.2f vs %.2f ms%s)", nameOf(choice.axis),
                  choice.chosenMs, choice.otherMs, close ? ", within 5 %" : "");
    return text;
}

double median(std::span<const double> values) {
    std::vector<double> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    const std::size_t middle = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

bool AutoAxisOrder::setWork(const AxisWork& work) {
    if (work_ == work) {
        return false;
    }
    work_ = work;
    choice_ = AxisChoice{};
    // The engine's own "auto": fewer butterflies.
    choice_.axis =
        resolveFirstAxis(AxisOrder::Auto, work.imageWidth, work.imageHeight, work.kernelSize);
    return true;
}

const AxisChoice& AutoAxisOrder::update(std::span<const double> yFirstMs,
                                        std::span<const double> xFirstMs) {
    if (yFirstMs.size() < kAutoMinSamples || xFirstMs.size() < kAutoMinSamples) {
        return choice_; // keep what there is: the less-work order, or an earlier measurement
    }
    const double yMs = median(yFirstMs);
    const double xMs = median(xFirstMs);
    auto msOf = [&](gpu_fft::Axis axis) { return axis == gpu_fft::Axis::Y ? yMs : xMs; };
    // Hysteresis: the order in use stays unless the other is clearly faster.
    if (msOf(other(choice_.axis)) <= (1 - kAutoSwitchMargin) * msOf(choice_.axis)) {
        choice_.axis = other(choice_.axis);
    }
    choice_.measured = true;
    choice_.chosenMs = msOf(choice_.axis);
    choice_.otherMs = msOf(other(choice_.axis));
    return choice_;
}

} // namespace fftbloom
