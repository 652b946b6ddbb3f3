// The viewer's "auto" axis order: start with the order that does less FFT work, then, once
// both orders have been timed on this device for the current work, keep the one measured
// faster. The butterfly count is only a guess: memory traffic and how well each FFT length
// fills the GPU decide the real cost, and they differ per device (design.md §2 quotes an RTX
// 4060 where the faster order flips between K=256 and K=512).
//
// Pure C++, no Vulkan: the viewer feeds it its timing histories (gpu_timing), the unit test
// feeds it numbers.
#pragma once

#include "app/bloom/bloom_settings.hpp"
#include "gpu_fft/fft/convolution_layout.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace fftbloom {

// Per-frame convolution times each order needs before measurements decide.
inline constexpr std::size_t kAutoMinSamples = 3;
// The other order must be this much faster (median) to switch: timings jitter, and flipping
// back and forth on noise would make the overlay and the Info panel restless.
inline constexpr double kAutoSwitchMargin = 0.05;

// What one frame's convolution costs depends on: timings taken for other work say nothing
// about this one. The kernel's content and the axis order itself are not part of it.
struct AxisWork {
    std::uint32_t imageWidth = 0;
    std::uint32_t imageHeight = 0;
    std::uint32_t kernelSize = 0;
    Padding padding = Padding::Zero;
    SpectrumMode spectrum = SpectrumMode::Tent;
    Precision precision = Precision::Fp32;

    bool operator==(const AxisWork&) const = default;
};

AxisWork axisWorkOf(std::uint32_t imageWidth, std::uint32_t imageHeight,
                    const ConvolutionSettings& settings);

struct AxisChoice {
    gpu_fft::Axis axis = gpu_fft::Axis::Y;
    bool measured = false; // false: the less-work order while the timings are too few
    double chosenMs = 0;   // median per-frame convolution time of `axis`, when measured
    double otherMs = 0;    // ... and of the other order
};

// "x first (measured 0.41 vs 0.49 ms)", "y first (less work; measuring)"; "within 5 %" is
// added when the hysteresis, not the timings, keeps the order.
std::string describe(const AxisChoice& choice);

// The median of a non-empty list (the mean of the middle two for an even count).
double median(std::span<const double> values);

class AutoAxisOrder {
  public:
    // New work starts over at the less-work order. Returns true when the work changed: the
    // caller must then forget its timings, which were taken for the old work.
    bool setWork(const AxisWork& work);

    // One decision from the per-frame convolution times (ms) measured for the current work.
    const AxisChoice& update(std::span<const double> yFirstMs, std::span<const double> xFirstMs);

    const AxisChoice& choice() const { return choice_; }

  private:
    std::optional<AxisWork> work_;
    AxisChoice choice_;
};

} // namespace fftbloom
