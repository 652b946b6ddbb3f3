// A compute pipeline whose inputs are storage buffers bound by push descriptors (set 0,
// bindings 0 .. n-1) and an optional push-constant block: every fftbloom compute pass.
#pragma once

#include "gpu_fft/vulkan/buffer.hpp"
#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/handle.hpp"
#include "gpu_fft/vulkan/shader_compiler.hpp"

#include <cstdint>
#include <initializer_list>
#include <string>

namespace fftbloom::vk {

struct ComputePipelineDesc {
    const Spirv* spirv = nullptr;
    std::uint32_t storageBufferCount = 1;
    std::uint32_t pushConstantBytes = 0;
    // Non-zero: run with exactly this subgroup size, in whole subgroups (the FFT's shuffles
    // rely on both). Requires the local size to be a multiple of it.
    std::uint32_t requiredSubgroupSize = 0;
    std::string debugName;
};

// A shader module for `spirv`, for as long as a pipeline is being created from it.
ShaderModuleHandle createShaderModule(VkDevice device, const Spirv& spirv);

class ComputePipeline {
  public:
    ComputePipeline() = default;
    ComputePipeline(const Context& context, const ComputePipelineDesc& desc);

    // Binds the pipeline, its buffers (in binding order) and push constants.
    void bind(VkCommandBuffer commandBuffer, std::initializer_list<const Buffer*> buffers,
              const void* pushConstants = nullptr) const;

    const std::string& name() const { return name_; }

  private:
    const Context* context_ = nullptr;
    DescriptorSetLayoutHandle setLayout_;
    PipelineLayoutHandle layout_;
    PipelineHandle pipeline_;
    std::uint32_t bufferCount_ = 0;
    std::uint32_t pushConstantBytes_ = 0;
    std::string name_;
};

} // namespace fftbloom::vk
