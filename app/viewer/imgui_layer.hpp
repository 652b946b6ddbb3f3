// Dear ImGui on GLFW and Vulkan (the 1.86 backends from libimgui-dev): set-up, one frame's
// begin, and recording its draw lists into the swapchain's render pass.
#pragma once

#include "app/viewer/window.hpp"
#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/handle.hpp"

#include <vulkan/vulkan.h>

namespace fftbloom {

using DescriptorPoolHandle = vk::Handle<VkDescriptorPool, vkDestroyDescriptorPool>;

class ImGuiLayer {
  public:
    ImGuiLayer(const vk::Context& context, const Window& window, VkRenderPass renderPass,
               std::uint32_t minImageCount, std::uint32_t imageCount);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    void beginFrame();
    void record(VkCommandBuffer commandBuffer); // ImGui::Render() and its draw commands
    void setMinImageCount(std::uint32_t count);

  private:
    DescriptorPoolHandle pool_;
};

} // namespace fftbloom
