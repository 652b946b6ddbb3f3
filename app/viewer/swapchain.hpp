// The swapchain and what draws into it: one render pass (the display pass and ImGui share its
// only subpass) and a framebuffer per image. Recreated on resize, on OUT_OF_DATE and on a vsync
// change; never while the GPU still uses it (the caller waits for the device first).
#pragma once

#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/handle.hpp"

#include <cstdint>
#include <vector>

namespace fftbloom {

using RenderPassHandle = vk::Handle<VkRenderPass, vkDestroyRenderPass>;
using FramebufferHandle = vk::Handle<VkFramebuffer, vkDestroyFramebuffer>;
using ImageViewHandle = vk::Handle<VkImageView, vkDestroyImageView>;
using SwapchainHandle = vk::Handle<VkSwapchainKHR, vkDestroySwapchainKHR>;
using SemaphoreHandle = vk::Handle<VkSemaphore, vkDestroySemaphore>;

class Swapchain {
  public:
    Swapchain(const vk::Context& context, std::uint32_t width, std::uint32_t height, bool vsync);
    void recreate(std::uint32_t width, std::uint32_t height, bool vsync);

    VkSwapchainKHR handle() const { return swapchain_.get(); }
    VkRenderPass renderPass() const { return renderPass_.get(); }
    VkFramebuffer framebuffer(std::uint32_t image) const { return framebuffers_[image].get(); }
    VkImage image(std::uint32_t image) const { return images_[image]; }
    // Signalled when the image's rendering is done; the present waits on it.
    VkSemaphore renderFinished(std::uint32_t image) const { return renderFinished_[image].get(); }
    VkExtent2D extent() const { return extent_; }
    VkFormat format() const { return format_; }
    std::uint32_t imageCount() const { return static_cast<std::uint32_t>(images_.size()); }
    std::uint32_t minImageCount() const { return minImageCount_; }

  private:
    void create(std::uint32_t width, std::uint32_t height, bool vsync);

    const vk::Context& context_;
    VkFormat format_ = VK_FORMAT_UNDEFINED;
    VkExtent2D extent_{};
    std::uint32_t minImageCount_ = 2;
    SwapchainHandle swapchain_;
    RenderPassHandle renderPass_;
    std::vector<VkImage> images_;
    std::vector<ImageViewHandle> views_;
    std::vector<FramebufferHandle> framebuffers_;
    std::vector<SemaphoreHandle> renderFinished_;
};

} // namespace fftbloom
