// A move-only owner of one Vulkan object that a VkDevice destroys.
//
// Usage: `vk::Handle<VkPipeline, vkDestroyPipeline> pipeline{device, raw};` The object is
// destroyed with its owner; moving transfers it. Objects the GPU may still use must be
// destroyed only after the work that uses them has finished (the caller's fence).
#pragma once

#include <utility>
#include <vulkan/vulkan.h>

namespace fftbloom::vk {

template <typename T, void (*Destroy)(VkDevice, T, const VkAllocationCallbacks*)>
class Handle {
  public:
    Handle() = default;
    Handle(VkDevice device, T handle) : device_(device), handle_(handle) {}
    ~Handle() { reset(); }

    Handle(Handle&& other) noexcept
        : device_(other.device_), handle_(std::exchange(other.handle_, VK_NULL_HANDLE)) {}
    Handle& operator=(Handle&& other) noexcept {
        if (this != &other) {
            reset();
            device_ = other.device_;
            handle_ = std::exchange(other.handle_, VK_NULL_HANDLE);
        }
        return *this;
    }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;

    T get() const { return handle_; }
    explicit operator bool() const { return handle_ != VK_NULL_HANDLE; }

    void reset() {
        if (handle_ != VK_NULL_HANDLE) {
            Destroy(device_, handle_, nullptr);
            handle_ = VK_NULL_HANDLE;
        }
    }

  private:
    VkDevice device_ = VK_NULL_HANDLE;
    T handle_ = VK_NULL_HANDLE;
};

using ShaderModuleHandle = Handle<VkShaderModule, vkDestroyShaderModule>;
using PipelineHandle = Handle<VkPipeline, vkDestroyPipeline>;
using PipelineLayoutHandle = Handle<VkPipelineLayout, vkDestroyPipelineLayout>;
using DescriptorSetLayoutHandle = Handle<VkDescriptorSetLayout, vkDestroyDescriptorSetLayout>;
using BufferHandle = Handle<VkBuffer, vkDestroyBuffer>;
using MemoryHandle = Handle<VkDeviceMemory, vkFreeMemory>;
using CommandPoolHandle = Handle<VkCommandPool, vkDestroyCommandPool>;
using FenceHandle = Handle<VkFence, vkDestroyFence>;
using QueryPoolHandle = Handle<VkQueryPool, vkDestroyQueryPool>;

} // namespace fftbloom::vk
