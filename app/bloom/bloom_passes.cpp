#include "app/bloom/bloom_passes.hpp"

#include "app/image/image.hpp"

namespace fftbloom {
namespace {

constexpr const char* kFirstAxisForward = "bloom/first_axis_forward.comp";
constexpr const char* kSecondAxis = "bloom/second_axis.comp";
constexpr const char* kFirstAxisInverse = "bloom/first_axis_inverse.comp";
constexpr std::uint32_t kPushBytes = sizeof(bloom_gpu::BloomPassParams);

std::uint32_t pairCount(const bloom_gpu::BloomPassParams& params) {
    return (params.lineCount + 1) / 2;
}

} // namespace

bloom_gpu::BloomPassParams imagePassParams(const gpu_fft::ConvolutionLayout& layout,
                                           Padding padding) {
    const bool yFirst = layout.firstAxis == gpu_fft::Axis::Y;
    const std::uint32_t width = layout.imageWidth;
    const std::uint32_t height = layout.imageHeight;
    const auto offsetX = static_cast<int>((layout.paddedWidth - width) / 2);
    const auto offsetY = static_cast<int>((layout.paddedHeight - height) / 2);
    bloom_gpu::BloomPassParams params{};
    params.lineCount = yFirst ? width : height;
    params.lineLength = yFirst ? height : width;
    params.lineStride = yFirst ? 1 : width;
    params.sampleStride = yFirst ? width : 1;
    params.planeSize = width * height;
    params.firstOffset = yFirst ? offsetY : offsetX;
    params.secondOffset = yFirst ? offsetX : offsetY;
    params.padding = padding == Padding::Zero ? BLOOM_PADDING_ZERO : BLOOM_PADDING_MIRROR;
    params.spectrumRanks = layout.firstAxisLength() / 2;
    return params;
}

bloom_gpu::BloomPassParams kernelPassParams(std::uint32_t kernelSize, gpu_fft::Axis firstAxis,
                                            std::uint32_t firstLength) {
    const bool yFirst = firstAxis == gpu_fft::Axis::Y;
    bloom_gpu::BloomPassParams params{};
    params.lineCount = kernelSize;
    params.lineLength = kernelSize;
    params.lineStride = yFirst ? 1 : kernelSize;
    params.sampleStride = yFirst ? kernelSize : 1;
    params.planeSize = kernelSize * kernelSize;
    // Pixel i holds offset i - K/2, which lands at (i - K/2) mod P: padded p reads i = p + K/2.
    params.firstOffset = -static_cast<int>(kernelSize / 2);
    params.secondOffset = -static_cast<int>(kernelSize / 2);
    params.padding = BLOOM_PADDING_WRAP;
    params.spectrumRanks = firstLength / 2;
    return params;
}

VkDeviceSize spectrumBufferBytes(const bloom_gpu::BloomPassParams& params) {
    return VkDeviceSize{Image::kChannels} * params.lineCount * params.spectrumRanks * 8;
}

VkDeviceSize kernelSpectrumBytes(std::uint32_t firstLength, std::uint32_t secondLength) {
    return VkDeviceSize{Image::kChannels} * (firstLength / 2 + 1) * secondLength * 8;
}

void recordFirstAxisForward(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                            const gpu_fft::FftShape& shape,
                            const bloom_gpu::BloomPassParams& params, const vk::Buffer& planes,
                            const vk::Buffer& spectrum) {
    const auto& pipeline = pipelines.fft(kFirstAxisForward, shape, {}, 2, kPushBytes);
    pipeline.bind(commandBuffer, {&planes, &spectrum}, &params);
    vkCmdDispatch(commandBuffer, pairCount(params), 1, Image::kChannels);
}

void recordSecondAxis(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                      const gpu_fft::FftShape& shape, const bloom_gpu::BloomPassParams& params,
                      const vk::Buffer& spectrum, const vk::Buffer& kernelSpectrum,
                      bool storeKernelSpectrum) {
    const vk::Defines defines =
        storeKernelSpectrum ? vk::Defines{{"KERNEL_SPECTRUM", "1"}} : vk::Defines{};
    const auto& pipeline = pipelines.fft(kSecondAxis, shape, defines, 2, kPushBytes);
    pipeline.bind(commandBuffer, {&spectrum, &kernelSpectrum}, &params);
    vkCmdDispatch(commandBuffer, params.spectrumRanks, 1, Image::kChannels);
}

void recordFirstAxisInverse(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                            const gpu_fft::FftShape& shape,
                            const bloom_gpu::BloomPassParams& params, const vk::Buffer& spectrum,
                            const vk::Buffer& planes) {
    const auto& pipeline = pipelines.fft(kFirstAxisInverse, shape, {}, 2, kPushBytes);
    pipeline.bind(commandBuffer, {&spectrum, &planes}, &params);
    vkCmdDispatch(commandBuffer, pairCount(params), 1, Image::kChannels);
}

} // namespace fftbloom
