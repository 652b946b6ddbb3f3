#include "app/viewer/gpu_timing.hpp"

namespace fftbloom {
namespace {

std::optional<PassTimes> readOrder(const std::vector<std::optional<double>>& intervals,
                                   std::uint32_t order) {
    PassTimes times;
    for (std::uint32_t pass = 0; pass < kPassCount; ++pass) {
        const auto& value = intervals[order * TimingSlots::kPerOrder + pass];
        if (!value) {
            return std::nullopt;
        }
        times.passes[pass] = *value;
    }
    const auto& total = intervals[TimingSlots::totalOf(order)];
    if (!total) {
        return std::nullopt;
    }
    times.total = *total;
    return times;
}

gpu_fft::Axis other(gpu_fft::Axis axis) {
    return axis == gpu_fft::Axis::Y ? gpu_fft::Axis::X : gpu_fft::Axis::Y;
}

} // namespace

void GpuTimeline::collect(const vk::TimestampQueries& queries, gpu_fft::Axis displayed,
                          bool alternateMeasured) {
    const auto intervals = queries.readMilliseconds();
    auto push = [&](gpu_fft::Axis axis, const std::optional<PassTimes>& times) {
        if (!times) {
            return;
        }
        auto& history = axis == gpu_fft::Axis::Y ? yFirst_ : xFirst_;
        history.push_back(*times);
        if (history.size() > kHistoryLength) {
            history.pop_front();
        }
    };
    push(displayed, readOrder(intervals, 0));
    if (alternateMeasured) {
        push(other(displayed), readOrder(intervals, 1));
    }
}

const std::deque<PassTimes>& GpuTimeline::history(gpu_fft::Axis axis) const {
    return axis == gpu_fft::Axis::Y ? yFirst_ : xFirst_;
}

std::optional<PassTimes> GpuTimeline::latest(gpu_fft::Axis axis) const {
    const auto& entries = history(axis);
    if (entries.empty()) {
        return std::nullopt;
    }
    return entries.back();
}

std::vector<double> GpuTimeline::totals(gpu_fft::Axis axis) const {
    std::vector<double> values;
    for (const PassTimes& times : history(axis)) {
        values.push_back(times.total);
    }
    return values;
}

void GpuTimeline::clear() {
    yFirst_.clear();
    xFirst_.clear();
}

} // namespace fftbloom
