#include "app/bloom/bloom_engine.hpp"

#include "app/bloom/bloom_passes.hpp"
#include "app/bloom/fp16_scales.hpp"
#include "gpu_fft/vulkan/barriers.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <stdexcept>

namespace fftbloom {
namespace {

void checkPaddedSize(const gpu_fft::ConvolutionLayout& layout, std::uint32_t kernelSize) {
    if (layout.paddedWidth > kMaxPaddedSide || layout.paddedHeight > kMaxPaddedSide) {
        throw Error("a " + std::to_string(layout.imageWidth) + "x" +
                    std::to_string(layout.imageHeight) + " image with a " +
                    std::to_string(kernelSize) + " kernel pads to " +
                    std::to_string(layout.paddedWidth) + "x" + std::to_string(layout.paddedHeight) +
                    "; the largest FFT is " + std::to_string(kMaxPaddedSide) +
                    ", so width and height + kernel size - 1 must be at most that");
    }
}

} // namespace

BloomEngine::BloomEngine(const vk::Context& context, vk::ShaderCompiler& compiler)
    : context_(context), pipelines_(context, compiler), kernel_(pipelines_) {}

void BloomEngine::setKernel(const Image& normalizedKernel) {
    kernel_.setKernel(normalizedKernel);
    prepared_ = false; // the kernel spectrum must be fetched again
}

void BloomEngine::prepare(std::uint32_t width, std::uint32_t height,
                          const ConvolutionSettings& settings) {
    if (prepared_ && width == layout_.imageWidth && height == layout_.imageHeight &&
        settings == settings_) {
        return;
    }
    checkKernelSize(settings.kernelSize);
    if (kernel_.kernelSize() != settings.kernelSize) {
        throw Error("the kernel is " + std::to_string(kernel_.kernelSize()) + "x" +
                    std::to_string(kernel_.kernelSize()) + " but the kernel size is set to " +
                    std::to_string(settings.kernelSize));
    }
    prepared_ = false;
    const gpu_fft::Axis firstAxis =
        resolveFirstAxis(settings.axisOrder, width, height, settings.kernelSize);
    const auto layout =
        gpu_fft::makeConvolutionLayout(width, height, settings.kernelSize, firstAxis);
    checkPaddedSize(layout, settings.kernelSize);
    try {
        firstShape_ = firstAxisShape(layout.firstAxisLength(), firstAxis, context_.info());
        secondShape_ = secondAxisShape(layout.secondAxisLength(), context_.info());
    } catch (const std::invalid_argument& error) {
        throw Error(std::string("this device cannot run the bloom's FFTs: ") + error.what());
    }
    params_ = imagePassParams(layout, settings.padding);
    const bool sameImageSize = layout.imageWidth == layout_.imageWidth &&
                               layout.imageHeight == layout_.imageHeight &&
                               imagePlanes_.size() != 0;
    if (!sameImageSize) {
        const VkDeviceSize planeBytes = VkDeviceSize{Image::kChannels} * width * height * 4;
        imagePlanes_ = vk::deviceStorageBuffer(context_, planeBytes, "image planes");
        resultPlanes_ = vk::deviceStorageBuffer(context_, planeBytes, "bloom planes");
    }
    const VkDeviceSize spectrumBytes = spectrumBufferBytes(params_, settings.precision);
    if (spectrum_.size() != spectrumBytes) {
        spectrum_ = vk::deviceStorageBuffer(context_, spectrumBytes, "half spectrum");
    }
    kernelSpectrum_ = &kernel_.forLayout(layout, settings.spectrum, settings.precision);
    layout_ = layout;
    settings_ = settings;
    applyPrecisionScales();
    prepared_ = true;
}

void BloomEngine::applyPrecisionScales() {
    const bool half = settings_.precision == Precision::Fp16;
    params_.spectrumScale =
        half ? fp16SpectrumScale(layout_.firstAxisLength(), imageMaxAbs_, kernel_.l1Norm()) : 1.0f;
    params_.kernelUnscale = 1.0f / kernel_.storedScale(settings_.precision);
}

void BloomEngine::uploadImage(const Image& image) {
    if (!prepared_ || image.width != layout_.imageWidth || image.height != layout_.imageHeight) {
        throw Error("BloomEngine::uploadImage: prepare() for this image size first");
    }
    vk::uploadToBuffer(context_, imagePlanes_, std::as_bytes(std::span(image.pixels)));
    imageMaxAbs_ = maxAbsPixel(image);
    applyPrecisionScales();
}

void BloomEngine::recordConvolution(VkCommandBuffer commandBuffer,
                                    const vk::TimestampQueries* timestamps,
                                    std::uint32_t firstInterval) {
    if (!prepared_) {
        throw Error("BloomEngine::recordConvolution: prepare() first");
    }
    auto timed = [&](BloomPass pass, const char* label, auto&& record) {
        context_.beginLabel(commandBuffer, label);
        if (timestamps) {
            timestamps->begin(commandBuffer, firstInterval + pass);
        }
        record();
        if (timestamps) {
            timestamps->end(commandBuffer, firstInterval + pass);
        }
        context_.endLabel(commandBuffer);
    };
    timed(kPassFirstAxis, "bloom pass 1: first axis", [&] {
        recordFirstAxisForward(commandBuffer, pipelines_, firstShape_, params_, settings_.precision,
                               imagePlanes_, spectrum_);
    });
    vk::computeToComputeBarrier(commandBuffer);
    timed(kPassSecondAxis, "bloom pass 2: second axis and kernel", [&] {
        recordSecondAxis(commandBuffer, pipelines_, secondShape_, params_, settings_.precision,
                         spectrum_, *kernelSpectrum_, false);
    });
    vk::computeToComputeBarrier(commandBuffer);
    timed(kPassInverseFirstAxis, "bloom pass 3: inverse first axis", [&] {
        recordFirstAxisInverse(commandBuffer, pipelines_, firstShape_, params_, settings_.precision,
                               spectrum_, resultPlanes_);
    });
}

Image BloomEngine::downloadResult() const {
    Image result(layout_.imageWidth, layout_.imageHeight);
    vk::downloadFromBuffer(context_, resultPlanes_,
                           std::as_writable_bytes(std::span(result.pixels)));
    return result;
}

Image BloomEngine::convolve(const Image& image, const ConvolutionSettings& settings) {
    prepare(image.width, image.height, settings);
    uploadImage(image);
    context_.runOnce([&](VkCommandBuffer commandBuffer) {
        vk::earlierWritesToComputeBarrier(commandBuffer); // the upload
        recordConvolution(commandBuffer);
        vk::computeToTransferBarrier(commandBuffer); // the download
    });
    return downloadResult();
}

} // namespace fftbloom
