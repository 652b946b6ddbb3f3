#include "gpu_fft/vulkan/buffer.hpp"

#include "gpu_fft/vulkan/error.hpp"

#include <cstring>
#include <string>

namespace fftbloom::vk {
namespace {

std::uint32_t findMemoryType(VkPhysicalDevice physicalDevice, std::uint32_t allowedTypes,
                             VkMemoryPropertyFlags wanted) {
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memory);
    for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
        const bool allowed = (allowedTypes & (1u << i)) != 0;
        if (allowed && (memory.memoryTypes[i].propertyFlags & wanted) == wanted) {
            return i;
        }
    }
    throw Error("no Vulkan memory type has the properties a buffer needs");
}

} // namespace

Buffer::Buffer(const Context& context, VkDeviceSize size, VkBufferUsageFlags usage, MemoryUse use,
               const char* debugName)
    : size_(size) {
    const VkDevice device = context.device();
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    info.usage = usage | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    VkBuffer rawBuffer = VK_NULL_HANDLE;
    VK_CHECK(vkCreateBuffer(device, &info, nullptr, &rawBuffer));
    buffer_ = BufferHandle(device, rawBuffer);
    context.setObjectName(VK_OBJECT_TYPE_BUFFER, reinterpret_cast<std::uint64_t>(rawBuffer),
                          debugName);

    VkMemoryRequirements requirements;
    vkGetBufferMemoryRequirements(device, rawBuffer, &requirements);
    const VkMemoryPropertyFlags wanted =
        use == MemoryUse::HostVisible ? VkMemoryPropertyFlags{VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                              VK_MEMORY_PROPERTY_HOST_COHERENT_BIT}
                                      : VkMemoryPropertyFlags{VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT};
    VkMemoryAllocateInfo allocateInfo{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocateInfo.allocationSize = requirements.size;
    allocateInfo.memoryTypeIndex =
        findMemoryType(context.physicalDevice(), requirements.memoryTypeBits, wanted);
    VkDeviceMemory rawMemory = VK_NULL_HANDLE;
    const VkResult result = vkAllocateMemory(device, &allocateInfo, nullptr, &rawMemory);
    if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_HOST_MEMORY) {
        throw Error(std::string("out of GPU memory allocating ") + debugName + " (" +
                    std::to_string(size >> 20) + " MiB)");
    }
    VK_CHECK(result);
    memory_ = MemoryHandle(device, rawMemory);
    VK_CHECK(vkBindBufferMemory(device, rawBuffer, rawMemory, 0));
    if (use == MemoryUse::HostVisible) {
        VK_CHECK(vkMapMemory(device, rawMemory, 0, VK_WHOLE_SIZE, 0, &mapped_));
    }
}

void Buffer::write(std::span<const std::byte> bytes, VkDeviceSize offset) {
    if (mapped_ == nullptr || offset + bytes.size() > size_) {
        throw Error("Buffer::write: buffer not mapped or write out of range");
    }
    std::memcpy(static_cast<std::byte*>(mapped_) + offset, bytes.data(), bytes.size());
}

void Buffer::read(std::span<std::byte> bytes, VkDeviceSize offset) const {
    if (mapped_ == nullptr || offset + bytes.size() > size_) {
        throw Error("Buffer::read: buffer not mapped or read out of range");
    }
    std::memcpy(bytes.data(), static_cast<const std::byte*>(mapped_) + offset, bytes.size());
}

void uploadToBuffer(const Context& context, Buffer& destination, std::span<const std::byte> bytes) {
    if (destination.isMapped()) {
        destination.write(bytes);
        return;
    }
    Buffer staging(context, bytes.size(), 0, MemoryUse::HostVisible, "upload staging");
    staging.write(bytes);
    context.runOnce([&](VkCommandBuffer commandBuffer) {
        const VkBufferCopy region{0, 0, bytes.size()};
        vkCmdCopyBuffer(commandBuffer, staging.handle(), destination.handle(), 1, &region);
    });
}

void downloadFromBuffer(const Context& context, const Buffer& source, std::span<std::byte> bytes) {
    if (source.isMapped()) {
        source.read(bytes);
        return;
    }
    Buffer staging(context, bytes.size(), 0, MemoryUse::HostVisible, "download staging");
    context.runOnce([&](VkCommandBuffer commandBuffer) {
        const VkBufferCopy region{0, 0, bytes.size()};
        vkCmdCopyBuffer(commandBuffer, source.handle(), staging.handle(), 1, &region);
    });
    staging.read(bytes);
}

} // namespace fftbloom::vk
