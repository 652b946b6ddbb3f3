#include "gpu_fft/vulkan/timestamps.hpp"

#include "gpu_fft/vulkan/error.hpp"

namespace fftbloom::vk {

TimestampQueries::TimestampQueries(const Context& context, std::uint32_t intervalCount)
    : context_(&context), intervalCount_(intervalCount) {
    if (context.info().timestampValidBits == 0) {
        throw Error(context.info().name + " has no timestamps on its compute queue");
    }
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = 2 * intervalCount;
    VkQueryPool raw = VK_NULL_HANDLE;
    VK_CHECK(vkCreateQueryPool(context.device(), &info, nullptr, &raw));
    pool_ = QueryPoolHandle(context.device(), raw);
}

void TimestampQueries::reset(VkCommandBuffer commandBuffer) const {
    vkCmdResetQueryPool(commandBuffer, pool_.get(), 0, 2 * intervalCount_);
}

void TimestampQueries::begin(VkCommandBuffer commandBuffer, std::uint32_t interval) const {
    // An interval brackets the commands between begin and end; put it after the barrier that
    // orders the pass behind earlier work, or it also counts that work's tail.
    vkCmdWriteTimestamp2(commandBuffer, VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, pool_.get(),
                         2 * interval);
}

void TimestampQueries::end(VkCommandBuffer commandBuffer, std::uint32_t interval) const {
    vkCmdWriteTimestamp2(commandBuffer, VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT, pool_.get(),
                         2 * interval + 1);
}

std::vector<std::optional<double>> TimestampQueries::readMilliseconds() const {
    // Per query: the value, then its availability word.
    std::vector<std::uint64_t> raw(4 * intervalCount_);
    const VkResult result = vkGetQueryPoolResults(
        context_->device(), pool_.get(), 0, 2 * intervalCount_, raw.size() * sizeof(std::uint64_t),
        raw.data(), 2 * sizeof(std::uint64_t),
        VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
    if (result != VK_NOT_READY) {
        VK_CHECK(result);
    }
    const std::uint32_t validBits = context_->info().timestampValidBits;
    const std::uint64_t mask = validBits >= 64 ? ~0ull : (1ull << validBits) - 1;
    std::vector<std::optional<double>> milliseconds(intervalCount_);
    for (std::uint32_t i = 0; i < intervalCount_; ++i) {
        const std::uint64_t* begin = &raw[4 * i];
        const std::uint64_t* end = &raw[4 * i + 2];
        if (begin[1] == 0 || end[1] == 0) {
            continue; // not available yet
        }
        const std::uint64_t ticks = ((end[0] & mask) - (begin[0] & mask)) & mask;
        milliseconds[i] = static_cast<double>(ticks) * context_->info().timestampPeriodNs * 1e-6;
    }
    return milliseconds;
}

} // namespace fftbloom::vk
