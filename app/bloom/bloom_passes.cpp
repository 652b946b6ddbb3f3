#include "app/bloom/bloom_passes.hpp"

#include "app/image/image.hpp"
#include "gpu_fft/fft/batch_fft.hpp"

#include <cstdlib>
#include <stdexcept>

namespace fftbloom {
namespace {

static_assert(Image::kChannels == BLOOM_CHANNELS, "the shaders' channel count");

constexpr const char* kFirstAxisForward = "bloom/first_axis_forward.comp";
constexpr const char* kSecondAxis = "bloom/second_axis.comp";
constexpr const char* kFirstAxisInverse = "bloom/first_axis_inverse.comp";
constexpr std::uint32_t kPushBytes = sizeof(bloom_gpu::BloomPassParams);

// Workgroups that walk columns run this many FFTs side by side: 4 x 8 bytes = one 32-byte
// memory sector per row (docs/performance.md).
constexpr std::uint32_t kColumnLog2Batch = 2;
constexpr std::uint32_t kMaxColumnLog2Batch = 3; // ranks = P1/2 >= 8 must divide evenly
// A batched workgroup may take up to 512 invocations, but no more than 16 elements each:
// beyond that the registers spill and the batch costs more than its coalescing saves.
constexpr std::uint32_t kBatchedLog2Invocations = 9;
constexpr std::uint32_t kBatchedMaxLog2Elements = 4;

// Workgroups of the first-axis passes: pairs of lines, shape.batch() pairs per workgroup.
std::uint32_t pairGroupCount(const bloom_gpu::BloomPassParams& params,
                             const gpu_fft::FftShape& shape) {
    const std::uint32_t pairs = (params.lineCount + 1) / 2;
    return (pairs + shape.batch() - 1) / shape.batch();
}

std::uint32_t columnLog2Batch() {
    if (const char* text = std::getenv("FFTBLOOM_COLUMN_LOG2_BATCH")) { // tuning experiments
        const long value = std::strtol(text, nullptr, 10);
        if (value >= 0 && value <= long{kMaxColumnLog2Batch}) {
            return static_cast<std::uint32_t>(value);
        }
    }
    return kColumnLog2Batch;
}

// The shape of FFTs that run down columns: batched where that fits in registers, else one
// FFT per workgroup (the tiled layout still keeps its loads in shared 32-byte sectors).
gpu_fft::FftShape columnShape(std::uint32_t length, const vk::DeviceInfo& device) {
    const auto limits = gpu_fft::fftLimitsOf(device);
    const std::uint32_t log2Size = gpu_fft::floorLog2(length);
    const std::uint32_t log2Batch = columnLog2Batch();
    if (log2Batch > 0) {
        try {
            const auto shape =
                gpu_fft::chooseShape(log2Size, limits, log2Batch, kBatchedLog2Invocations);
            if (shape.log2Elements() <= kBatchedMaxLog2Elements) {
                return shape;
            }
        } catch (const std::invalid_argument&) {
            // does not fit this device batched: one FFT per workgroup below
        }
    }
    return gpu_fft::chooseShape(log2Size, limits);
}

} // namespace

gpu_fft::FftShape firstAxisShape(std::uint32_t length, gpu_fft::Axis firstAxis,
                                 const vk::DeviceInfo& device) {
    if (firstAxis == gpu_fft::Axis::Y) { // lines are image columns
        return columnShape(length, device);
    }
    return gpu_fft::chooseShape(gpu_fft::floorLog2(length), gpu_fft::fftLimitsOf(device));
}

gpu_fft::FftShape secondAxisShape(std::uint32_t length, const vk::DeviceInfo& device) {
    return columnShape(length, device); // a column of the half spectrum, across lines
}

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
    vkCmdDispatch(commandBuffer, pairGroupCount(params, shape), 1, Image::kChannels);
}

void recordSecondAxis(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                      const gpu_fft::FftShape& shape, const bloom_gpu::BloomPassParams& params,
                      const vk::Buffer& spectrum, const vk::Buffer& kernelSpectrum,
                      bool storeKernelSpectrum) {
    const vk::Defines defines =
        storeKernelSpectrum ? vk::Defines{{"KERNEL_SPECTRUM", "1"}} : vk::Defines{};
    const auto& pipeline = pipelines.fft(kSecondAxis, shape, defines, 2, kPushBytes);
    pipeline.bind(commandBuffer, {&spectrum, &kernelSpectrum}, &params);
    // Ranks come in groups of shape.batch(); ranks (P1/2 >= 8) divide by any batch up to 8.
    vkCmdDispatch(commandBuffer, params.spectrumRanks / shape.batch(), 1, Image::kChannels);
}

void recordFirstAxisInverse(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                            const gpu_fft::FftShape& shape,
                            const bloom_gpu::BloomPassParams& params, const vk::Buffer& spectrum,
                            const vk::Buffer& planes) {
    const auto& pipeline = pipelines.fft(kFirstAxisInverse, shape, {}, 2, kPushBytes);
    pipeline.bind(commandBuffer, {&spectrum, &planes}, &params);
    vkCmdDispatch(commandBuffer, pairGroupCount(params, shape), 1, Image::kChannels);
}

} // namespace fftbloom
