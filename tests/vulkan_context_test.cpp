// The Vulkan layer under the FFT: device choice, validation capture, the runtime shader
// compiler, buffers and timestamps.
#include "gpu_fft/fft/batch_fft.hpp"
#include "gpu_fft/vulkan/barriers.hpp"
#include "gpu_fft/vulkan/error.hpp"
#include "gpu_fft/vulkan/timestamps.hpp"
#include "tests/support/gpu_test.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace fftbloom::test {
namespace {

using VulkanContext = GpuTest;

TEST_F(VulkanContext, ADeviceIsPresentAndDescribed) {
    const vk::DeviceInfo& info = context().info();
    EXPECT_FALSE(info.name.empty());
    EXPECT_GE(info.subgroupSize, 1u);
    EXPECT_GE(info.maxWorkgroupInvocations, 128u);
    EXPECT_GE(info.maxSharedMemoryBytes, 16384u);
    EXPECT_GT(info.timestampValidBits, 0u);
    EXPECT_TRUE(context().validationEnabled());
}

TEST_F(VulkanContext, ADeviceIndexOutOfRangeIsAClearError) {
    vk::ContextOptions options;
    options.deviceIndex = 99;
    try {
        vk::Context unused(options);
        FAIL() << "expected an error";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("--device 99"), std::string::npos) << error.what();
    }
}

// Proves the harness catches validation messages: a zero-sized buffer breaks a valid-usage rule.
TEST_F(VulkanContext, ValidationMessagesAreCaptured) {
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = 0;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    VkBuffer buffer = VK_NULL_HANDLE;
    vkCreateBuffer(context().device(), &info, nullptr, &buffer);
    if (buffer != VK_NULL_HANDLE) {
        vkDestroyBuffer(context().device(), buffer, nullptr);
    }
    const auto messages = context().validationMessages();
    ASSERT_FALSE(messages.empty());
    EXPECT_NE(messages.front().find("VUID-VkBufferCreateInfo-size"), std::string::npos)
        << messages.front();
    const_cast<vk::Context&>(context()).clearValidationMessages(); // expected, not a failure
}

TEST_F(VulkanContext, DeviceLocalBufferRoundTrip) {
    const std::vector<float> values{1.5f, -2.0f, 3.25f, 0.0f, 1e-30f, 7.0f};
    vk::Buffer buffer(context(), values.size() * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                      vk::MemoryUse::DeviceLocal, "round trip");
    vk::uploadToBuffer(context(), buffer, std::as_bytes(std::span(values)));
    std::vector<float> back(values.size());
    vk::downloadFromBuffer(context(), buffer, std::as_writable_bytes(std::span(back)));
    EXPECT_EQ(back, values);
}

TEST_F(VulkanContext, ShaderVariantsAreCompiledOncePerRun) {
    vk::ShaderCompiler local;
    const gpu_fft::FftShape shape = gpu_fft::chooseShape(8, gpu_fft::fftLimitsOf(context().info()));
    const auto first = local.compileCompute("fft/batch_fft.comp", shape.glslDefines());
    const auto second = local.compileCompute("fft/batch_fft.comp", shape.glslDefines());
    EXPECT_EQ(first.get(), second.get());
    EXPECT_EQ(local.compiledVariantCount(), 1u);
    local.compileCompute(
        "fft/batch_fft.comp",
        gpu_fft::chooseShape(9, gpu_fft::fftLimitsOf(context().info())).glslDefines());
    EXPECT_EQ(local.compiledVariantCount(), 2u);
}

TEST_F(VulkanContext, ShaderErrorsAreOneLineNamingTheFile) {
    vk::ShaderCompiler local;
    try {
        local.compileCompute("fft/batch_fft.comp", {}); // no FFT_LOG2_SIZE: must not compile
        FAIL() << "expected a compile error";
    } catch (const Error& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("fft/batch_fft.comp"), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    EXPECT_THROW(local.compileCompute("no/such/shader.comp", {}), Error);
}

TEST_F(VulkanContext, TimestampsMeasureADispatch) {
    const auto shape = gpu_fft::chooseShape(12, gpu_fft::fftLimitsOf(context().info()));
    const gpu_fft::BatchFft fft(context(), compiler(), shape, gpu_fft::Direction::Forward);
    const std::uint32_t batch = 64;
    vk::Buffer signals(context(), std::size_t{batch} * shape.size() * 8,
                       VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryUse::DeviceLocal, "signals");
    const vk::TimestampQueries queries(context(), 1);
    context().runOnce([&](VkCommandBuffer commandBuffer) {
        vkCmdFillBuffer(commandBuffer, signals.handle(), 0, VK_WHOLE_SIZE, 0);
        queries.reset(commandBuffer);
        vk::transferToComputeBarrier(commandBuffer);
        queries.begin(commandBuffer, 0);
        fft.record(commandBuffer, signals, batch);
        queries.end(commandBuffer, 0);
    });
    const auto milliseconds = queries.readMilliseconds();
    ASSERT_TRUE(milliseconds[0].has_value());
    EXPECT_GT(*milliseconds[0], 0.0);
    EXPECT_LT(*milliseconds[0], 60'000.0);
}

} // namespace
} // namespace fftbloom::test
