// GPU timestamps: a query pool of named intervals, read back only after the work that wrote
// them has finished (the caller waits on that submission's fence first), never with WAIT_BIT.
#pragma once

#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/handle.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace fftbloom::vk {

class TimestampQueries {
  public:
    TimestampQueries() = default;
    // Room for `intervalCount` intervals (two queries each). Throws if the queue has none.
    TimestampQueries(const Context& context, std::uint32_t intervalCount);

    // Resets every query; record before the first interval of a submission.
    void reset(VkCommandBuffer commandBuffer) const;
    void begin(VkCommandBuffer commandBuffer, std::uint32_t interval) const;
    void end(VkCommandBuffer commandBuffer, std::uint32_t interval) const;

    // Milliseconds per interval, or nullopt where results are not available yet. Masked by
    // the queue's valid bits and scaled by timestampPeriod.
    std::vector<std::optional<double>> readMilliseconds() const;

    std::uint32_t intervalCount() const { return intervalCount_; }

  private:
    const Context* context_ = nullptr;
    QueryPoolHandle pool_;
    std::uint32_t intervalCount_ = 0;
};

} // namespace fftbloom::vk
