#include "gpu_fft/vulkan/context.hpp"

#include "gpu_fft/vulkan/error.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace fftbloom::vk {

struct Context::ValidationLog {
    mutable std::mutex mutex;
    std::vector<std::string> messages;
};

namespace {

bool hasDeviceExtension(VkPhysicalDevice device, const char* name) {
    std::uint32_t count = 0;
    vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr);
    std::vector<VkExtensionProperties> extensions(count);
    vkEnumerateDeviceExtensionProperties(device, nullptr, &count, extensions.data());
    for (const auto& extension : extensions) {
        if (std::strcmp(extension.extensionName, name) == 0) {
            return true;
        }
    }
    return false;
}

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";
constexpr std::uint32_t kApiVersion = VK_API_VERSION_1_3;

VKAPI_ATTR VkBool32 VKAPI_CALL onValidationMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                   VkDebugUtilsMessageTypeFlagsEXT,
                                                   const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                   void* userData) {
    auto* log = static_cast<Context::ValidationLog*>(userData);
    const char* level =
        (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) ? "error" : "warning";
    std::string message = std::string("validation ") + level + ": " + data->pMessage;
    std::fprintf(stderr, "%s\n", message.c_str());
    std::lock_guard lock(log->mutex);
    log->messages.push_back(std::move(message));
    return VK_FALSE;
}

bool hasLayer(const char* name) {
    std::uint32_t count = 0;
    vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> layers(count);
    vkEnumerateInstanceLayerProperties(&count, layers.data());
    return std::any_of(layers.begin(), layers.end(), [&](const VkLayerProperties& l) {
        return std::strcmp(l.layerName, name) == 0;
    });
}

bool hasInstanceExtension(const char* name) {
    std::uint32_t count = 0;
    vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr);
    std::vector<VkExtensionProperties> extensions(count);
    vkEnumerateInstanceExtensionProperties(nullptr, &count, extensions.data());
    return std::any_of(extensions.begin(), extensions.end(), [&](const VkExtensionProperties& e) {
        return std::strcmp(e.extensionName, name) == 0;
    });
}

std::vector<VkPhysicalDevice> physicalDevices(VkInstance instance) {
    std::uint32_t count = 0;
    VK_CHECK(vkEnumeratePhysicalDevices(instance, &count, nullptr));
    std::vector<VkPhysicalDevice> devices(count);
    VK_CHECK(vkEnumeratePhysicalDevices(instance, &count, devices.data()));
    return devices;
}

const char* deviceTypeName(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
        return "discrete";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
        return "integrated";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
        return "CPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
        return "virtual";
    default:
        return "other";
    }
}

bool canPresent(VkPhysicalDevice device, std::uint32_t family, VkSurfaceKHR surface) {
    if (surface == VK_NULL_HANDLE) {
        return true;
    }
    VkBool32 supported = VK_FALSE;
    vkGetPhysicalDeviceSurfaceSupportKHR(device, family, surface, &supported);
    return supported == VK_TRUE;
}

// The queue family fftbloom uses: graphics + compute where there is one (the viewer draws and
// convolves on one queue), else the first with compute; with a surface, one that can present
// to it. Returns false if there is none.
bool findQueueFamily(VkPhysicalDevice device, VkSurfaceKHR surface, std::uint32_t& family) {
    std::uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
    for (VkQueueFlags wanted : {VkQueueFlags{VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT},
                                VkQueueFlags{VK_QUEUE_COMPUTE_BIT}}) {
        for (std::uint32_t i = 0; i < count; ++i) {
            if ((families[i].queueFlags & wanted) == wanted && canPresent(device, i, surface)) {
                family = i;
                return true;
            }
        }
    }
    return false;
}

std::uint32_t timestampValidBits(VkPhysicalDevice device, std::uint32_t family) {
    std::uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
    return families.at(family).timestampValidBits;
}

// A device fftbloom can use: Vulkan 1.3 and a compute queue (that presents, with a surface).
bool isUsable(VkPhysicalDevice device, VkSurfaceKHR surface) {
    VkPhysicalDeviceProperties properties;
    vkGetPhysicalDeviceProperties(device, &properties);
    std::uint32_t family = 0;
    return properties.apiVersion >= kApiVersion && findQueueFamily(device, surface, family);
}

} // namespace

Context::Context(const ContextOptions& options) : log_(std::make_unique<ValidationLog>()) {
    try {
        createInstance(options);
        if (options.createSurface) {
            surface_ = options.createSurface(instance_);
        }
        choosePhysicalDevice(options.deviceIndex);
        createDevice(options);
    } catch (...) {
        release(); // no destructor runs for a failed constructor
        throw;
    }
}

Context::~Context() {
    release();
}

void Context::release() {
    if (device_ != VK_NULL_HANDLE) {
        vkDeviceWaitIdle(device_);
        commandPool_.reset();
        vkDestroyDevice(device_, nullptr);
        device_ = VK_NULL_HANDLE;
    }
    if (surface_ != VK_NULL_HANDLE) {
        vkDestroySurfaceKHR(instance_, surface_, nullptr);
        surface_ = VK_NULL_HANDLE;
    }
    if (messenger_ != VK_NULL_HANDLE) {
        auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance_, "vkDestroyDebugUtilsMessengerEXT"));
        destroy(instance_, messenger_, nullptr);
        messenger_ = VK_NULL_HANDLE;
    }
    if (instance_ != VK_NULL_HANDLE) {
        vkDestroyInstance(instance_, nullptr);
        instance_ = VK_NULL_HANDLE;
    }
}

void Context::createInstance(const ContextOptions& options) {
    std::vector<const char*> layers;
    std::vector<const char*> extensions;
    for (const auto& name : options.instanceExtensions) {
        extensions.push_back(name.c_str());
    }
    const bool debugUtils = hasInstanceExtension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    if (debugUtils) {
        extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    }
    const bool validation = options.validation || options.requireValidation;
    if (validation && hasLayer(kValidationLayer) && debugUtils) {
        layers.push_back(kValidationLayer);
    } else if (options.requireValidation) {
        throw Error("the Vulkan validation layer is not installed (Debian package "
                    "vulkan-validationlayers)");
    } else if (validation) {
        std::fprintf(stderr, "note: Vulkan validation layer not found; running without it\n");
    }

    VkApplicationInfo application{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    application.pApplicationName = "fftbloom";
    application.apiVersion = kApiVersion;

    VkDebugUtilsMessengerCreateInfoEXT messengerInfo{
        VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    messengerInfo.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                                    VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    messengerInfo.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                                VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
    messengerInfo.pfnUserCallback = onValidationMessage;
    messengerInfo.pUserData = log_.get();

    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &application;
    info.enabledLayerCount = static_cast<std::uint32_t>(layers.size());
    info.ppEnabledLayerNames = layers.data();
    info.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    info.pNext = layers.empty() ? nullptr : &messengerInfo; // also covers instance creation
    const VkResult result = vkCreateInstance(&info, nullptr, &instance_);
    if (result == VK_ERROR_INCOMPATIBLE_DRIVER || result == VK_ERROR_INITIALIZATION_FAILED) {
        throw Error("no Vulkan 1.3 driver found (on a machine without a GPU install Debian "
                    "package mesa-vulkan-drivers)");
    }
    VK_CHECK(result);

    if (!layers.empty()) {
        auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance_, "vkCreateDebugUtilsMessengerEXT"));
        VK_CHECK(create(instance_, &messengerInfo, nullptr, &messenger_));
    }
    if (debugUtils) {
        setObjectName_ = reinterpret_cast<PFN_vkSetDebugUtilsObjectNameEXT>(
            vkGetInstanceProcAddr(instance_, "vkSetDebugUtilsObjectNameEXT"));
        beginLabel_ = reinterpret_cast<PFN_vkCmdBeginDebugUtilsLabelEXT>(
            vkGetInstanceProcAddr(instance_, "vkCmdBeginDebugUtilsLabelEXT"));
        endLabel_ = reinterpret_cast<PFN_vkCmdEndDebugUtilsLabelEXT>(
            vkGetInstanceProcAddr(instance_, "vkCmdEndDebugUtilsLabelEXT"));
    }
}

void Context::choosePhysicalDevice(int requestedIndex) {
    const auto devices = physicalDevices(instance_);
    if (devices.empty()) {
        throw Error("no Vulkan device found (on a machine without a GPU install Debian package "
                    "mesa-vulkan-drivers)");
    }
    std::uint32_t chosen = 0;
    if (requestedIndex >= 0) {
        chosen = static_cast<std::uint32_t>(requestedIndex);
        if (chosen >= devices.size()) {
            throw Error("--device " + std::to_string(requestedIndex) + ": there are only " +
                        std::to_string(devices.size()) + " Vulkan devices");
        }
        if (!isUsable(devices[chosen], surface_)) {
            throw Error("--device " + std::to_string(requestedIndex) +
                        ": that device lacks Vulkan 1.3, a compute queue or presentation");
        }
    } else {
        auto usable = [&](VkPhysicalDeviceType type) -> int {
            for (std::uint32_t i = 0; i < devices.size(); ++i) {
                VkPhysicalDeviceProperties properties;
                vkGetPhysicalDeviceProperties(devices[i], &properties);
                if (isUsable(devices[i], surface_) &&
                    (type == VK_PHYSICAL_DEVICE_TYPE_MAX_ENUM || properties.deviceType == type)) {
                    return static_cast<int>(i);
                }
            }
            return -1;
        };
        int index = usable(VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU);
        if (index < 0) {
            index = usable(VK_PHYSICAL_DEVICE_TYPE_MAX_ENUM);
        }
        if (index < 0) {
            throw Error("no Vulkan device supports Vulkan 1.3 with a compute queue");
        }
        chosen = static_cast<std::uint32_t>(index);
    }
    physicalDevice_ = devices[chosen];
    info_.index = chosen;
    findQueueFamily(physicalDevice_, surface_, queueFamily_);
}

void Context::createDevice(const ContextOptions& options) {
    // What the device has.
    VkPhysicalDeviceVulkan11Features has11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
    VkPhysicalDeviceVulkan12Features has12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceVulkan13Features has13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    has11.pNext = &has12;
    has12.pNext = &has13;
    VkPhysicalDeviceFeatures2 hasAll{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    hasAll.pNext = &has11;
    vkGetPhysicalDeviceFeatures2(physicalDevice_, &hasAll);

    VkPhysicalDeviceSubgroupProperties subgroup{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceVulkan13Properties properties13{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES};
    subgroup.pNext = &properties13;
    VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    properties.pNext = &subgroup;
    vkGetPhysicalDeviceProperties2(physicalDevice_, &properties);

    const VkPhysicalDeviceLimits& limits = properties.properties.limits;
    info_.name = properties.properties.deviceName;
    info_.type = properties.properties.deviceType;
    info_.subgroupSize = subgroup.subgroupSize;
    info_.subgroupShuffle = (subgroup.supportedOperations & VK_SUBGROUP_FEATURE_SHUFFLE_BIT) != 0 &&
                            (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) != 0;
    info_.fullSubgroups = has13.computeFullSubgroups == VK_TRUE;
    info_.varyingSubgroupSize = properties13.minSubgroupSize != properties13.maxSubgroupSize;
    if (info_.varyingSubgroupSize &&
        (has13.subgroupSizeControl != VK_TRUE ||
         (properties13.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT) == 0)) {
        info_.subgroupShuffle = false; // the size cannot be pinned, so do not rely on it
    }
    info_.maxWorkgroupInvocations = limits.maxComputeWorkGroupInvocations;
    info_.maxSharedMemoryBytes = limits.maxComputeSharedMemorySize;
    info_.timestampPeriodNs = static_cast<double>(limits.timestampPeriod);
    info_.timestampValidBits = timestampValidBits(physicalDevice_, queueFamily_);
    info_.shaderFloat16 = has12.shaderFloat16 == VK_TRUE;
    info_.storageBuffer16Bit = has11.storageBuffer16BitAccess == VK_TRUE;

    // What fftbloom turns on: only features the device has.
    VkPhysicalDeviceVulkan11Features want11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
    VkPhysicalDeviceVulkan12Features want12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceVulkan13Features want13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    want11.pNext = &want12;
    want12.pNext = &want13;
    want11.storageBuffer16BitAccess = has11.storageBuffer16BitAccess;
    want12.shaderFloat16 = has12.shaderFloat16;
    want12.hostQueryReset = has12.hostQueryReset;
    want12.timelineSemaphore = has12.timelineSemaphore;
    want13.synchronization2 = has13.synchronization2;
    want13.dynamicRendering = has13.dynamicRendering;
    want13.subgroupSizeControl = has13.subgroupSizeControl;
    want13.computeFullSubgroups = has13.computeFullSubgroups;
    // glslang emits LocalSizeId for `local_size_x = <constant expression>`; Vulkan 1.3 makes
    // maintenance4 mandatory, so every usable device has it.
    want13.maintenance4 = has13.maintenance4;
    if (has13.synchronization2 != VK_TRUE) {
        throw Error(info_.name + " lacks synchronization2, which fftbloom needs");
    }

    std::vector<const char*> extensions{VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
    for (const auto& name : options.deviceExtensions) {
        extensions.push_back(name.c_str());
    }
    // A tuning aid: the driver's own statistics of each pipeline (docs/performance.md).
    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR wantStatistics{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
    if (std::getenv("FFTBLOOM_PIPELINE_STATISTICS") != nullptr &&
        hasDeviceExtension(physicalDevice_, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME)) {
        extensions.push_back(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
        wantStatistics.pipelineExecutableInfo = VK_TRUE;
        want13.pNext = &wantStatistics;
        info_.pipelineStatistics = true;
    }

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = queueFamily_;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;

    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.pNext = &want11;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    info.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    const VkResult result = vkCreateDevice(physicalDevice_, &info, nullptr, &device_);
    if (result == VK_ERROR_EXTENSION_NOT_PRESENT) {
        throw Error(info_.name + " lacks a Vulkan extension fftbloom needs (" +
                    VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME + " or a requested one)");
    }
    VK_CHECK(result);
    vkGetDeviceQueue(device_, queueFamily_, 0, &queue_);

    cmdPushDescriptorSet = reinterpret_cast<PFN_vkCmdPushDescriptorSetKHR>(
        vkGetDeviceProcAddr(device_, "vkCmdPushDescriptorSetKHR"));

    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
    poolInfo.queueFamilyIndex = queueFamily_;
    VkCommandPool pool = VK_NULL_HANDLE;
    VK_CHECK(vkCreateCommandPool(device_, &poolInfo, nullptr, &pool));
    commandPool_ = CommandPoolHandle(device_, pool);
}

void Context::runOnce(const std::function<void(VkCommandBuffer)>& record) const {
    VkCommandBufferAllocateInfo allocateInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocateInfo.commandPool = commandPool_.get();
    allocateInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocateInfo.commandBufferCount = 1;
    VkCommandBuffer commandBuffer = VK_NULL_HANDLE;
    VK_CHECK(vkAllocateCommandBuffers(device_, &allocateInfo, &commandBuffer));
    struct FreeOnExit {
        VkDevice device;
        VkCommandPool pool;
        VkCommandBuffer buffer;
        ~FreeOnExit() { vkFreeCommandBuffers(device, pool, 1, &buffer); }
    } freeOnExit{device_, commandPool_.get(), commandBuffer};

    VkCommandBufferBeginInfo beginInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    beginInfo.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VK_CHECK(vkBeginCommandBuffer(commandBuffer, &beginInfo));
    record(commandBuffer);
    VK_CHECK(vkEndCommandBuffer(commandBuffer));

    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence rawFence = VK_NULL_HANDLE;
    VK_CHECK(vkCreateFence(device_, &fenceInfo, nullptr, &rawFence));
    FenceHandle fence(device_, rawFence);

    VkCommandBufferSubmitInfo commandInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
    commandInfo.commandBuffer = commandBuffer;
    VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
    submit.commandBufferInfoCount = 1;
    submit.pCommandBufferInfos = &commandInfo;
    VK_CHECK(vkQueueSubmit2(queue_, 1, &submit, fence.get()));
    VK_CHECK(vkWaitForFences(device_, 1, &rawFence, VK_TRUE, UINT64_MAX));
}

std::vector<std::string> Context::validationMessages() const {
    std::lock_guard lock(log_->mutex);
    return log_->messages;
}

void Context::clearValidationMessages() {
    std::lock_guard lock(log_->mutex);
    log_->messages.clear();
}

void Context::setObjectName(VkObjectType type, std::uint64_t handle, const char* name) const {
    if (setObjectName_ == nullptr) {
        return;
    }
    VkDebugUtilsObjectNameInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT};
    info.objectType = type;
    info.objectHandle = handle;
    info.pObjectName = name;
    setObjectName_(device_, &info);
}

void Context::beginLabel(VkCommandBuffer commandBuffer, const char* name) const {
    if (beginLabel_ == nullptr) {
        return;
    }
    VkDebugUtilsLabelEXT label{VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT};
    label.pLabelName = name;
    beginLabel_(commandBuffer, &label);
}

void Context::endLabel(VkCommandBuffer commandBuffer) const {
    if (endLabel_ != nullptr) {
        endLabel_(commandBuffer);
    }
}

std::vector<std::string> listDevices() {
    VkApplicationInfo application{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    application.apiVersion = kApiVersion;
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &application;
    VkInstance instance = VK_NULL_HANDLE;
    if (vkCreateInstance(&info, nullptr, &instance) != VK_SUCCESS) {
        return {};
    }
    std::vector<std::string> names;
    std::uint32_t index = 0;
    for (VkPhysicalDevice device : physicalDevices(instance)) {
        VkPhysicalDeviceProperties properties;
        vkGetPhysicalDeviceProperties(device, &properties);
        names.push_back(std::to_string(index++) + ": " + properties.deviceName + " (" +
                        deviceTypeName(properties.deviceType) + ")");
    }
    vkDestroyInstance(instance, nullptr);
    return names;
}

} // namespace fftbloom::vk
