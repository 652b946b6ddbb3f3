#include "app/bloom/kernel_spectrum.hpp"

#include "app/bloom/bloom_passes.hpp"
#include "gpu_fft/vulkan/barriers.hpp"
#include "gpu_fft/vulkan/error.hpp"

namespace fftbloom {
namespace {

constexpr const char* kTentResample = "bloom/tent_resample.comp";
constexpr std::uint32_t kResampleGroup = 64; // local_size_x of tent_resample.comp

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
    tentSourceValid_ = false;
    paddedKey_.clear();
}

gpu_fft::FftShape KernelSpectrum::firstShapeFor(std::uint32_t length,
                                                gpu_fft::Axis firstAxis) const {
    return firstAxisShape(length, firstAxis, pipelines_.context().info());
}

gpu_fft::FftShape KernelSpectrum::secondShapeFor(std::uint32_t length) const {
    return secondAxisShape(length, pipelines_.context().info());
}

const vk::Buffer& KernelSpectrum::forLayout(const gpu_fft::ConvolutionLayout& layout,
                                            SpectrumMode mode) {
    if (!hasKernel()) {
        throw Error("no kernel set");
    }
    const std::string key = layoutKey(layout, mode);
    if (key == paddedKey_) {
        return padded_;
    }
    paddedKey_.clear(); // stays clear if the computation below throws
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
    return padded_;
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
                               firstShapeFor(kernelSize_, gpu_fft::Axis::Y), params, planes_,
                               scratch);
        vk::computeToComputeBarrier(commandBuffer);
        recordSecondAxis(commandBuffer, pipelines_, secondShapeFor(kernelSize_), params, scratch,
                         tentSource_, true);
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
                               planes_, scratch);
        vk::computeToComputeBarrier(commandBuffer);
        recordSecondAxis(commandBuffer, pipelines_, secondShapeFor(layout.secondAxisLength()),
                         params, scratch, padded_, true);
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

} // namespace fftbloom
