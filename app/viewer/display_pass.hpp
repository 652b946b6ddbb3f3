// The display pass: a full-window triangle whose fragment shader shows the image, the bloom,
// the result or a preview (shaders/display/display.frag), inside the swapchain's render pass.
#pragma once

#include "gpu_fft/vulkan/buffer.hpp"
#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/handle.hpp"
#include "gpu_fft/vulkan/shader_compiler.hpp"

#include <cstdint>

namespace fftbloom {

namespace display_gpu {
using uint = std::uint32_t;
#include "shaders/display/display_params.h"
} // namespace display_gpu

class DisplayPass {
  public:
    DisplayPass(const vk::Context& context, vk::ShaderCompiler& compiler, VkRenderPass renderPass);

    // Inside the render pass: viewport = the whole `extent`, drawing only inside `scissor`
    // (the whole extent when null).
    void record(VkCommandBuffer commandBuffer, VkExtent2D extent,
                const display_gpu::DisplayParams& params, const vk::Buffer& imagePlanes,
                const vk::Buffer& bloomPlanes, const vk::Buffer& previewPlanes,
                const VkRect2D* scissor = nullptr) const;

  private:
    const vk::Context& context_;
    vk::DescriptorSetLayoutHandle setLayout_;
    vk::PipelineLayoutHandle layout_;
    vk::PipelineHandle pipeline_;
};

} // namespace fftbloom
