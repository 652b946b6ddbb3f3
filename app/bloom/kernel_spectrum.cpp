#include "app/bloom/kernel_spectrum.hpp"

#include "app/bloom/bloom_passes.hpp"
#include "app/bloom/fp16_scales.hpp"
#include "gpu_fft/vulkan/barriers.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <algorithm>

namespace fftbloom {
namespace {

constexpr const char* kTentResample = "bloom/tent_resample.comp";
constexpr std::uint32_t kResampleGroup = 64; // local_size_x of tent_resample.comp
constexpr const char* kPackHalf = "bloom/pack_half.comp";
constexpr std::uint32_t kPackGroup = 256;    // local_size_x of pack_half.comp
constexpr std::uint32_t kMaxGroupsX = 65535; // the smallest maxComputeWorkGroupCount[0]

struct PackHalfParams { // pack_half.comp's push constants
    std::uint32_t count;
    float scale;
};

std::string layoutKey(const gpu_fft::ConvolutionLayout& layout, SpectrumMode mode) {
    return std::to_string(layout.paddedWidth) + "x" + std::to_string(layout.paddedHeight) +
           (layout.firstAxis == gpu_fft::Axis::Y ? " y " : " x ") + nameOf(mode);
}

} // namespace

void KernelSpectrum::setKernel(const Image& normalizedKernel) {
    checkKernelSize(normalizedKernel.width);
    if (normalizedKernel.height != normalizedKernel.width) {
        throw Error("KernelSpectrum::setKernel needs a square kernel; fit it first");
    }
    const vk::Context& context = pipelines_.context();
    vk::Buffer planes = vk::deviceStorageBuffer(
        context, normalizedKernel.pixels.size() * sizeof(float), "kernel planes");
    vk::uploadToBuffer(context, planes, std::as_bytes(std::span(normalizedKernel.pixels)));
    planes_ = std::move(planes);
    kernelSize_ = normalizedKernel.width;
    l1Norm_ = kernelL1(normalizedKernel);
    tentSourceValid_ = false;
    paddedKey_.clear(); // the next forLayout recomputes, which also drops the fp16 copy
}

float KernelSpectrum::storedScale(Precision precision) const {
    return precision == Precision::Fp16 ? fp16KernelScale(l1Norm_) : 1.0f;
}

gpu_fft::FftShape KernelSpectrum::firstShapeFor(std::uint32_t length,
                                                gpu_fft::Axis firstAxis) const {
    return firstAxisShape(length, firstAxis, pipelines_.context().info());
}

gpu_fft::FftShape KernelSpectrum::secondShapeFor(std::uint32_t length) const {
    return secondAxisShape(length, pipelines_.context().info());
}

const vk::Buffer& KernelSpectrum::forLayout(const gpu_fft::ConvolutionLayout& layout,
                                            SpectrumMode mode, Precision precision) {
    if (!hasKernel()) {
        throw Error("no kernel set");
    }
    const std::string key = layoutKey(layout, mode);
    if (key != paddedKey_) {
        computePadded(layout, mode, key);
    }
    if (precision == Precision::Fp32) {
        return padded_;
    }
    if (!paddedHalfValid_) {
        packHalf();
    }
    return paddedHalf_;
}

void KernelSpectrum::computePadded(const gpu_fft::ConvolutionLayout& layout, SpectrumMode mode,
                                   const std::string& key) {
    paddedKey_.clear(); // stays clear if the computation below throws
    paddedHalfValid_ = false;
    padded_ = vk::deviceStorageBuffer(
        pipelines_.context(),
        kernelSpectrumBytes(layout.firstAxisLength(), layout.secondAxisLength()),
        "kernel spectrum (padded grid)");
    if (mode == SpectrumMode::Exact) {
        computeExact(layout);
    } else {
        computeTentSource();
        resampleTent(layout);
    }
    paddedKey_ = key;
}

// Passes 1 and 2 on the kernel, K x K, y first, into tentSource_.
void KernelSpectrum::computeTentSource() {
    if (tentSourceValid_) {
        return;
    }
    const auto params = kernelPassParams(kernelSize_, gpu_fft::Axis::Y, kernelSize_);
    const vk::Context& context = pipelines_.context();
    const vk::Buffer scratch =
        vk::deviceStorageBuffer(context, spectrumBufferBytes(params), "kernel scratch");
    tentSource_ = vk::deviceStorageBuffer(context, kernelSpectrumBytes(kernelSize_, kernelSize_),
                                          "kernel spectrum K x K");
    context.runOnce([&](VkCommandBuffer commandBuffer) {
        vk::earlierWritesToComputeBarrier(commandBuffer);
        recordFirstAxisForward(commandBuffer, pipelines_,
                               firstShapeFor(kernelSize_, gpu_fft::Axis::Y), params,
                               Precision::Fp32, planes_, scratch);
        vk::computeToComputeBarrier(commandBuffer);
        recordSecondAxis(commandBuffer, pipelines_, secondShapeFor(kernelSize_), params,
                         Precision::Fp32, scratch, tentSource_, true);
    });
    tentSourceValid_ = true;
}

void KernelSpectrum::computeExact(const gpu_fft::ConvolutionLayout& layout) {
    const auto params = kernelPassParams(kernelSize_, layout.firstAxis, layout.firstAxisLength());
    const vk::Context& context = pipelines_.context();
    const vk::Buffer scratch =
        vk::deviceStorageBuffer(context, spectrumBufferBytes(params), "kernel scratch");
    context.runOnce([&](VkCommandBuffer commandBuffer) {
        vk::earlierWritesToComputeBarrier(commandBuffer);
        recordFirstAxisForward(commandBuffer, pipelines_,
                               firstShapeFor(layout.firstAxisLength(), layout.firstAxis), params,
                               Precision::Fp32, planes_, scratch);
        vk::computeToComputeBarrier(commandBuffer);
        recordSecondAxis(commandBuffer, pipelines_, secondShapeFor(layout.secondAxisLength()),
                         params, Precision::Fp32, scratch, padded_, true);
    });
}

void KernelSpectrum::resampleTent(const gpu_fft::ConvolutionLayout& layout) {
    bloom_gpu::TentResampleParams params{};
    params.log2Kernel = gpu_fft::floorLog2(kernelSize_);
    params.log2KernelWorkgroup = secondShapeFor(kernelSize_).log2Workgroup;
    params.log2First = gpu_fft::floorLog2(layout.firstAxisLength());
    params.log2Second = gpu_fft::floorLog2(layout.secondAxisLength());
    params.log2SecondWorkgroup = secondShapeFor(layout.secondAxisLength()).log2Workgroup;
    params.firstAxisIsY = layout.firstAxis == gpu_fft::Axis::Y ? 1 : 0;
    const auto& pipeline = pipelines_.plain(kTentResample, 2, sizeof(params));
    pipelines_.context().runOnce([&](VkCommandBuffer commandBuffer) {
        vk::earlierWritesToComputeBarrier(commandBuffer);
        pipeline.bind(commandBuffer, {&tentSource_, &padded_}, &params);
        const std::uint32_t rows = layout.firstAxisLength() / 2 + 1;
        vkCmdDispatch(commandBuffer, (rows + kResampleGroup - 1) / kResampleGroup,
                      layout.secondAxisLength(), Image::kChannels);
    });
}

void KernelSpectrum::packHalf() {
    const vk::Context& context = pipelines_.context();
    const VkDeviceSize values = padded_.size() / 8;
    paddedHalf_ = vk::deviceStorageBuffer(context, values * 4, "kernel spectrum (fp16)");
    const PackHalfParams params{static_cast<std::uint32_t>(values), storedScale(Precision::Fp16)};
    const auto groups = static_cast<std::uint32_t>((values + kPackGroup - 1) / kPackGroup);
    const std::uint32_t groupsX = std::min(groups, kMaxGroupsX);
    const auto& pipeline = pipelines_.plain(kPackHalf, 2, sizeof(params));
    context.runOnce([&](VkCommandBuffer commandBuffer) {
        vk::earlierWritesToComputeBarrier(commandBuffer);
        pipeline.bind(commandBuffer, {&padded_, &paddedHalf_}, &params);
        vkCmdDispatch(commandBuffer, groupsX, (groups + groupsX - 1) / groupsX, 1);
    });
    paddedHalfValid_ = true;
}

} // namespace fftbloom
