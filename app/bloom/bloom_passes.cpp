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

// The first-axis passes of y-first walk image columns; they run this many FFTs side by side,
// so that 4 pairs of columns x 4 bytes = one 32-byte memory sector per row
// (docs/performance.md). Pass 2 runs one FFT per workgroup: its tiled spectra keep its
// loads in shared sectors already, and batching it cost registers (spills) and time on the
// H100.
constexpr std::uint32_t kColumnLog2Batch = 2;
constexpr std::uint32_t kMaxColumnLog2Batch = 3; // ranks = P1/2 >= 8 must divide evenly
// A batched workgroup may take up to 512 invocations, but no more than 16 elements each:
// beyond that the registers spill and the batch costs more than its coalescing saves.
constexpr std::uint32_t kBatchedLog2Invocations = 9;
constexpr std::uint32_t kBatchedMaxLog2Elements = 4;
// Pass 2 holds the kernel's values too. E = 16 runs it fastest (3840x2160: 0.96 -> 0.69 ms),
// but takes 127-170 registers, which only workgroups of at most 256 invocations can have
// (64 K registers per SM; at 512 the driver caps them at 128 and spills, 2.1 -> 6.4 ms).
// Longer FFTs take E = 8 with up to 1024 invocations (about 55 registers) instead.
constexpr std::uint32_t kSecondAxisMaxLog2WideInvocations = 8;
constexpr std::uint32_t kSecondAxisLog2Invocations = 10;
constexpr std::uint32_t kMaxTunedLog2Invocations = 10; // 1024: no device allows more

// A tuning experiment's override of a log2 count, or `fallback`.
std::uint32_t tuned(const char* variable, std::uint32_t fallback, std::uint32_t maximum) {
    if (const char* text = std::getenv(variable)) {
        const long value = std::strtol(text, nullptr, 10);
        if (value >= 0 && value <= long{maximum}) {
            return static_cast<std::uint32_t>(value);
        }
    }
    return fallback;
}

// The shape of FFTs that run down columns, 2^log2Batch per workgroup where that fits in
// registers, else one per workgroup.
gpu_fft::FftShape columnShape(std::uint32_t length, std::uint32_t log2Batch,
                              std::uint32_t maxLog2Invocations, const vk::DeviceInfo& device) {
    const auto limits = gpu_fft::fftLimitsOf(device);
    const std::uint32_t log2Size = gpu_fft::floorLog2(length);
    if (log2Batch > 0) {
        try {
            const auto shape =
                gpu_fft::chooseShape(log2Size, limits, log2Batch, kBatchedLog2Invocations);
            if (shape.log2Elements() <= kBatchedMaxLog2Elements &&
                shape.invocations() <= (1u << kBatchedLog2Invocations)) {
                return shape;
            }
        } catch (const std::invalid_argument&) {
            // does not fit this device batched: one FFT per workgroup below
        }
    }
    return gpu_fft::chooseShape(log2Size, limits, 0, maxLog2Invocations);
}

vk::Defines precisionDefines(Precision precision) {
    return precision == Precision::Fp16 ? vk::Defines{{"SPECTRUM_FP16", "1"}} : vk::Defines{};
}

// Workgroups of the first-axis passes: pairs of lines, shape.batch() pairs per workgroup.
std::uint32_t pairGroupCount(const bloom_gpu::BloomPassParams& params,
                             const gpu_fft::FftShape& shape) {
    const std::uint32_t pairs = (params.lineCount + 1) / 2;
    return (pairs + shape.batch() - 1) / shape.batch();
}

} // namespace

gpu_fft::FftShape firstAxisShape(std::uint32_t length, gpu_fft::Axis firstAxis,
                                 const vk::DeviceInfo& device) {
    if (firstAxis == gpu_fft::Axis::Y) { // lines are image columns
        return columnShape(
            length, tuned("FFTBLOOM_FIRST_AXIS_LOG2_BATCH", kColumnLog2Batch, kMaxColumnLog2Batch),
            gpu_fft::kMaxChosenLog2Invocations, device);
    }
    return gpu_fft::chooseShape(gpu_fft::floorLog2(length), gpu_fft::fftLimitsOf(device), 0,
                                tuned("FFTBLOOM_FIRST_AXIS_LOG2_INVOCATIONS",
                                      gpu_fft::kMaxChosenLog2Invocations,
                                      kMaxTunedLog2Invocations));
}

gpu_fft::FftShape secondAxisShape(std::uint32_t length, const vk::DeviceInfo& device) {
    const std::uint32_t log2Batch =
        tuned("FFTBLOOM_SECOND_AXIS_LOG2_BATCH", 0, kMaxColumnLog2Batch);
    if (std::getenv("FFTBLOOM_SECOND_AXIS_LOG2_INVOCATIONS")) { // an experiment's own cap
        return columnShape(length, log2Batch,
                           tuned("FFTBLOOM_SECOND_AXIS_LOG2_INVOCATIONS",
                                 kSecondAxisLog2Invocations, kMaxTunedLog2Invocations),
                           device);
    }
    const auto compact = columnShape(length, log2Batch, kSecondAxisMaxLog2WideInvocations, device);
    if (compact.invocations() <= (1u << kSecondAxisMaxLog2WideInvocations)) {
        return compact; // E = 8 up to 256 invocations, then E = 16 at 256
    }
    return columnShape(length, log2Batch, kSecondAxisLog2Invocations, device);
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
    params.spectrumScale = 1.0f; // fp32; the engine sets the fp16 scales
    params.kernelUnscale = 1.0f;
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
    params.spectrumScale = 1.0f; // the kernel precompute is fp32
    params.kernelUnscale = 1.0f;
    return params;
}

std::uint32_t complexBytes(Precision precision) {
    return precision == Precision::Fp16 ? 4 : 8;
}

VkDeviceSize spectrumBufferBytes(const bloom_gpu::BloomPassParams& params, Precision precision) {
    return VkDeviceSize{Image::kChannels} * params.lineCount * params.spectrumRanks *
           complexBytes(precision);
}

VkDeviceSize kernelSpectrumBytes(std::uint32_t firstLength, std::uint32_t secondLength,
                                 Precision precision) {
    return VkDeviceSize{Image::kChannels} * (firstLength / 2 + 1) * secondLength *
           complexBytes(precision);
}

void recordFirstAxisForward(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                            const gpu_fft::FftShape& shape,
                            const bloom_gpu::BloomPassParams& params, Precision precision,
                            const vk::Buffer& planes, const vk::Buffer& spectrum) {
    const auto& pipeline =
        pipelines.fft(kFirstAxisForward, shape, precisionDefines(precision), 2, kPushBytes);
    pipeline.bind(commandBuffer, {&planes, &spectrum}, &params);
    vkCmdDispatch(commandBuffer, pairGroupCount(params, shape), 1, Image::kChannels);
}

void recordSecondAxis(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                      const gpu_fft::FftShape& shape, const bloom_gpu::BloomPassParams& params,
                      Precision precision, const vk::Buffer& spectrum,
                      const vk::Buffer& kernelSpectrum, bool storeKernelSpectrum) {
    if (storeKernelSpectrum && precision != Precision::Fp32) {
        throw std::logic_error("the kernel precompute runs in fp32");
    }
    vk::Defines defines = precisionDefines(precision);
    if (storeKernelSpectrum) {
        defines.emplace_back("KERNEL_SPECTRUM", "1");
    }
    // Rank groups 1 .. and group 0 (the packed DC / Nyquist row) touch disjoint ranks, so the
    // two dispatches need no barrier between them.
    const std::uint32_t groups = params.spectrumRanks / shape.batch(); // ranks >= 8 >= batch
    if (groups > 1) {
        const auto& pipeline = pipelines.fft(kSecondAxis, shape, defines, 2, kPushBytes);
        pipeline.bind(commandBuffer, {&spectrum, &kernelSpectrum}, &params);
        vkCmdDispatch(commandBuffer, groups - 1, 1, Image::kChannels);
    }
    defines.emplace_back("PACKED_ROW_GROUP", "1");
    const auto& packedRow = pipelines.fft(kSecondAxis, shape, defines, 2, kPushBytes);
    packedRow.bind(commandBuffer, {&spectrum, &kernelSpectrum}, &params);
    vkCmdDispatch(commandBuffer, 1, 1, Image::kChannels);
}

void recordFirstAxisInverse(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                            const gpu_fft::FftShape& shape,
                            const bloom_gpu::BloomPassParams& params, Precision precision,
                            const vk::Buffer& spectrum, const vk::Buffer& planes) {
    const auto& pipeline =
        pipelines.fft(kFirstAxisInverse, shape, precisionDefines(precision), 2, kPushBytes);
    pipeline.bind(commandBuffer, {&spectrum, &planes}, &params);
    vkCmdDispatch(commandBuffer, pairGroupCount(params, shape), 1, Image::kChannels);
}

} // namespace fftbloom
