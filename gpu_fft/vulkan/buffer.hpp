// A VkBuffer with its own memory. Device-local buffers hold the working data; host-visible
// ones are mapped for the lifetime of the buffer and serve uploads, read-backs and tests.
#pragma once

#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/handle.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

namespace fftbloom::vk {

enum class MemoryUse {
    DeviceLocal, // fastest for the GPU; filled through copies
    HostVisible, // mapped and coherent; the CPU reads and writes it directly
};

class Buffer {
  public:
    Buffer() = default;
    Buffer(const Context& context, VkDeviceSize size, VkBufferUsageFlags usage, MemoryUse use,
           const char* debugName);

    VkBuffer handle() const { return buffer_.get(); }
    VkDeviceSize size() const { return size_; }
    bool isMapped() const { return mapped_ != nullptr; }
    VkDescriptorBufferInfo descriptor() const { return {buffer_.get(), 0, size_}; }

    // Host-visible buffers only.
    void write(std::span<const std::byte> bytes, VkDeviceSize offset = 0);
    void read(std::span<std::byte> bytes, VkDeviceSize offset = 0) const;

    template <typename T>
    void writeValues(std::span<const T> values) {
        write(std::as_bytes(values));
    }
    template <typename T>
    void readValues(std::span<T> values) const {
        read(std::as_writable_bytes(values));
    }

  private:
    BufferHandle buffer_;
    MemoryHandle memory_;
    VkDeviceSize size_ = 0;
    void* mapped_ = nullptr;
};

// A device-local storage buffer: what every compute pass reads and writes.
inline Buffer deviceStorageBuffer(const Context& context, VkDeviceSize size,
                                  const char* debugName) {
    return Buffer(context, size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, MemoryUse::DeviceLocal,
                  debugName);
}

// Copies host data into any buffer: directly when it is mapped, else through a staging copy.
void uploadToBuffer(const Context& context, Buffer& destination, std::span<const std::byte> bytes);
// Copies a buffer's first bytes.size() bytes back to the host.
void downloadFromBuffer(const Context& context, const Buffer& source, std::span<std::byte> bytes);

} // namespace fftbloom::vk
