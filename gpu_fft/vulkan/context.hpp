// The Vulkan context every part of fftbloom runs on: instance, the chosen physical device, one
// queue that does compute (and graphics where the device has it), a command pool for one-off
// work, and the validation layer's messages.
#pragma once

#include "gpu_fft/vulkan/handle.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include <vulkan/vulkan.h>

namespace fftbloom::vk {

#ifdef NDEBUG
inline constexpr bool kDebugBuild = false;
#else
inline constexpr bool kDebugBuild = true;
#endif

struct ContextOptions {
    int deviceIndex = -1;           // --device N; -1: the first discrete GPU, else device 0
    bool validation = kDebugBuild;  // the Khronos validation layer, if it is installed
    bool requireValidation = false; // tests: a missing layer is an error, not a warning
    std::vector<std::string> instanceExtensions; // e.g. the surface extensions GLFW names
    std::vector<std::string> deviceExtensions;   // e.g. VK_KHR_swapchain
    // For a window: makes the surface once the instance exists. The context then picks a
    // queue that can also present to it, and owns the surface.
    std::function<VkSurfaceKHR(VkInstance)> createSurface;
};

// What the rest of the program needs to know about the chosen device.
struct DeviceInfo {
    std::uint32_t index = 0;
    std::string name;
    VkPhysicalDeviceType type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
    std::uint32_t subgroupSize = 1;
    bool subgroupShuffle = false;     // shuffle operations in compute shaders
    bool fullSubgroups = false;       // computeFullSubgroups: whole subgroups can be required
    bool varyingSubgroupSize = false; // min != max: pipelines must pin subgroupSize
    std::uint32_t maxWorkgroupInvocations = 0;
    std::uint32_t maxSharedMemoryBytes = 0;
    double timestampPeriodNs = 1.0;
    std::uint32_t timestampValidBits = 0; // of the chosen queue family; 0: no timestamps
    bool shaderFloat16 = false;
    bool storageBuffer16Bit = false;
    // FFTBLOOM_PIPELINE_STATISTICS=1 and the driver has VK_KHR_pipeline_executable_properties:
    // every compute pipeline prints the driver's statistics (registers, spills) to stderr.
    bool pipelineStatistics = false;
};

class Context {
  public:
    explicit Context(const ContextOptions& options = {});
    ~Context();
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

    VkInstance instance() const { return instance_; }
    VkPhysicalDevice physicalDevice() const { return physicalDevice_; }
    VkDevice device() const { return device_; }
    VkQueue queue() const { return queue_; }
    std::uint32_t queueFamily() const { return queueFamily_; }
    const DeviceInfo& info() const { return info_; }
    bool validationEnabled() const { return messenger_ != VK_NULL_HANDLE; }
    VkSurfaceKHR surface() const { return surface_; } // VK_NULL_HANDLE when headless

    // Records with `record`, submits and waits. For set-up work and tests, never per frame.
    void runOnce(const std::function<void(VkCommandBuffer)>& record) const;

    // Every warning and error the validation layer has reported so far.
    std::vector<std::string> validationMessages() const;
    void clearValidationMessages();

    // Debug names and command-buffer labels show up in validation messages and GPU tools.
    void setObjectName(VkObjectType type, std::uint64_t handle, const char* name) const;
    void beginLabel(VkCommandBuffer commandBuffer, const char* name) const;
    void endLabel(VkCommandBuffer commandBuffer) const;

    PFN_vkCmdPushDescriptorSetKHR cmdPushDescriptorSet = nullptr;

    struct ValidationLog; // shared with the debug callback

  private:
    void createInstance(const ContextOptions& options);
    void choosePhysicalDevice(int requestedIndex);
    void createDevice(const ContextOptions& options);
    void release();

    std::unique_ptr<ValidationLog> log_;
    VkInstance instance_ = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
    VkSurfaceKHR surface_ = VK_NULL_HANDLE;
    VkPhysicalDevice physicalDevice_ = VK_NULL_HANDLE;
    VkDevice device_ = VK_NULL_HANDLE;
    VkQueue queue_ = VK_NULL_HANDLE;
    std::uint32_t queueFamily_ = 0;
    DeviceInfo info_;
    CommandPoolHandle commandPool_;
    PFN_vkSetDebugUtilsObjectNameEXT setObjectName_ = nullptr;
    PFN_vkCmdBeginDebugUtilsLabelEXT beginLabel_ = nullptr;
    PFN_vkCmdEndDebugUtilsLabelEXT endLabel_ = nullptr;
};

// "0: NVIDIA H100 (discrete)" for every device the loader sees; for --help and errors.
std::vector<std::string> listDevices();

} // namespace fftbloom::vk
