#include "gpu_fft/fft/batch_fft.hpp"

#include "gpu_fft/vulkan/error.hpp"

namespace gpu_fft {
namespace {

void checkBatch(const char* what, std::uint32_t batchCount, VkDeviceSize needed,
                VkDeviceSize available) {
    if (batchCount == 0 || needed > available) {
        throw fftbloom::Error(std::string(what) + ": buffer too small for " +
                              std::to_string(batchCount) + " signals");
    }
}

// Signals fill whole workgroups of shape.batch() FFTs each.
std::uint32_t workgroupsFor(const FftShape& shape, std::uint32_t batchCount) {
    if (batchCount % shape.batch() != 0) {
        throw fftbloom::Error(std::to_string(batchCount) + " signals do not fill workgroups of " +
                              std::to_string(shape.batch()) + " FFTs");
    }
    return batchCount / shape.batch();
}

} // namespace

DeviceFftLimits fftLimitsOf(const vk::DeviceInfo& device) {
    DeviceFftLimits limits;
    limits.subgroupSize = device.subgroupShuffle ? device.subgroupSize : 1;
    limits.maxWorkgroupInvocations = device.maxWorkgroupInvocations;
    limits.maxSharedMemoryBytes = device.maxSharedMemoryBytes;
    limits.fullSubgroups = device.fullSubgroups;
    return limits;
}

vk::ComputePipeline makeFftPipeline(const vk::Context& context, vk::ShaderCompiler& compiler,
                                    const FftShape& shape, const std::string& path,
                                    const vk::Defines& extraDefines,
                                    std::uint32_t storageBufferCount,
                                    std::uint32_t pushConstantBytes) {
    vk::Defines defines = shape.glslDefines();
    defines.insert(defines.end(), extraDefines.begin(), extraDefines.end());
    const auto spirv = compiler.compileCompute(path, defines);
    vk::ComputePipelineDesc desc;
    desc.spirv = spirv.get();
    desc.storageBufferCount = storageBufferCount;
    desc.pushConstantBytes = pushConstantBytes;
    desc.requiredSubgroupSize = shape.usesSubgroupShuffles() ? shape.subgroupSize : 0;
    desc.debugName = path + " " + shape.describe();
    return vk::ComputePipeline(context, desc);
}

BatchFft::BatchFft(const vk::Context& context, vk::ShaderCompiler& compiler, const FftShape& shape,
                   Direction direction)
    : shape_(shape),
      pipeline_(makeFftPipeline(
          context, compiler, shape, "fft/batch_fft.comp",
          direction == Direction::Inverse ? vk::Defines{{"FFT_INVERSE", "1"}} : vk::Defines{}, 1)) {
}

void BatchFft::record(VkCommandBuffer commandBuffer, const vk::Buffer& signals,
                      std::uint32_t batchCount) const {
    checkBatch("BatchFft", batchCount, VkDeviceSize{batchCount} * shape_.size() * 8,
               signals.size());
    pipeline_.bind(commandBuffer, {&signals});
    vkCmdDispatch(commandBuffer, workgroupsFor(shape_, batchCount), 1, 1);
}

RealPairFft::RealPairFft(const vk::Context& context, vk::ShaderCompiler& compiler,
                         const FftShape& shape)
    : shape_(shape),
      pipeline_(makeFftPipeline(context, compiler, shape, "fft/real_pair_fft.comp", {}, 2)) {}

void RealPairFft::record(VkCommandBuffer commandBuffer, const vk::Buffer& signals,
                         const vk::Buffer& halfSpectra, std::uint32_t batchCount) const {
    checkBatch("RealPairFft", batchCount, VkDeviceSize{batchCount} * shape_.size() * 8,
               signals.size());
    checkBatch("RealPairFft", batchCount,
               VkDeviceSize{batchCount} * 2 * (shape_.size() / 2 + 1) * 8, halfSpectra.size());
    pipeline_.bind(commandBuffer, {&signals, &halfSpectra});
    vkCmdDispatch(commandBuffer, workgroupsFor(shape_, batchCount), 1, 1);
}

} // namespace gpu_fft
