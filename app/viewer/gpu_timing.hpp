// GPU time per bloom pass for the overlay: one query pool per frame in flight, read only after
// that frame's fence (never stalling), with a rolling history per axis order. The order that
// is not displayed is measured every kAlternateInterval frames, so both can be compared live
// (and every frame while the "auto" order still lacks timings: viewer_axis_order.cpp).
#pragma once

#include "app/bloom/bloom_engine.hpp"
#include "gpu_fft/vulkan/timestamps.hpp"

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

namespace fftbloom {

inline constexpr std::uint32_t kAlternateInterval = 30;
inline constexpr std::size_t kHistoryLength = 240;

struct PassTimes {
    std::array<double, kPassCount> passes{}; // milliseconds
    double total = 0;
};

// Interval layout of one frame's queries: the displayed order's passes and total, then the
// alternate order's.
struct TimingSlots {
    static constexpr std::uint32_t kPerOrder = kPassCount + 1;
    static constexpr std::uint32_t kCount = 2 * kPerOrder;
    static constexpr std::uint32_t totalOf(std::uint32_t order) {
        return order * kPerOrder + kPassCount;
    }
};

class GpuTimeline {
  public:
    // Reads a finished frame's queries: order 0 = displayed, 1 = alternate (if measured).
    void collect(const vk::TimestampQueries& queries, gpu_fft::Axis displayed,
                 bool alternateMeasured);
    const std::deque<PassTimes>& history(gpu_fft::Axis axis) const;
    std::optional<PassTimes> latest(gpu_fft::Axis axis) const;
    std::vector<double> totals(gpu_fft::Axis axis) const; // per-frame totals, oldest first
    void clear();

  private:
    std::deque<PassTimes> yFirst_;
    std::deque<PassTimes> xFirst_;
};

} // namespace fftbloom
