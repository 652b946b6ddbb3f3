// The FFT bloom on the GPU (design.md §2): O = crop(IDFT(DFT(P) . F)), in three passes.
//
//   engine.setKernel(normalizeKernel(fitKernel(kernel, K), name));
//   Image o = engine.convolve(image, settings);        // headless: upload, run, download
//
// or, per frame: prepare() once per size or setting, uploadImage() when the image changes,
// recordConvolution() into the frame's command buffer. docs/bloom.md describes the passes.
#pragma once

#include "app/bloom/bloom_params.hpp"
#include "app/bloom/bloom_settings.hpp"
#include "app/bloom/kernel_spectrum.hpp"
#include "app/bloom/pipeline_cache.hpp"
#include "app/image/image.hpp"
#include "gpu_fft/fft/convolution_layout.hpp"
#include "gpu_fft/vulkan/timestamps.hpp"

#include <cstdint>

namespace fftbloom {

// The largest padded side the FFT library supports: W + K - 1 and H + K - 1 must fit in it.
inline constexpr std::uint32_t kMaxPaddedSide = 16384;

// Timestamp intervals recordConvolution() writes when given a query pool.
enum BloomPass : std::uint32_t {
    kPassFirstAxis,
    kPassSecondAxis,
    kPassInverseFirstAxis,
    kPassCount
};

class BloomEngine {
  public:
    BloomEngine(const vk::Context& context, vk::ShaderCompiler& compiler);

    void setKernel(const Image& normalizedKernel);

    // Buffers, pipelines and the kernel spectrum for a width x height image. Cheap when
    // nothing changed. Throws fftbloom::Error when the padded grid is too large.
    void prepare(std::uint32_t width, std::uint32_t height, const ConvolutionSettings& settings);
    // Also measures the image's largest value, which sets the fp16 scales.
    void uploadImage(const Image& image);
    // Passes 1-3 with barriers between them; if `timestamps` is given, pass p is timed as
    // interval firstInterval + p (p = kPassFirstAxis, ...).
    void recordConvolution(VkCommandBuffer commandBuffer,
                           const vk::TimestampQueries* timestamps = nullptr,
                           std::uint32_t firstInterval = 0);
    Image downloadResult() const;

    // All of the above for one image: O of design.md §2.6, the same size as `image`.
    Image convolve(const Image& image, const ConvolutionSettings& settings);

    const gpu_fft::ConvolutionLayout& layout() const { return layout_; }
    const vk::Context& context() const { return context_; }
    const gpu_fft::FftShape& firstShape() const { return firstShape_; }
    const gpu_fft::FftShape& secondShape() const { return secondShape_; }
    bool isPrepared() const { return prepared_; }
    const vk::Buffer& resultPlanes() const { return resultPlanes_; }
    const vk::Buffer& imagePlanes() const { return imagePlanes_; }

  private:
    void applyPrecisionScales(); // params_' fp16 scales from the image and the kernel

    const vk::Context& context_;
    PipelineCache pipelines_;
    KernelSpectrum kernel_;
    bool prepared_ = false;
    ConvolutionSettings settings_;
    gpu_fft::ConvolutionLayout layout_;
    gpu_fft::FftShape firstShape_;
    gpu_fft::FftShape secondShape_;
    bloom_gpu::BloomPassParams params_{};
    double imageMaxAbs_ = 0.0; // of the uploaded image
    vk::Buffer imagePlanes_;
    vk::Buffer spectrum_;
    vk::Buffer resultPlanes_;
    const vk::Buffer* kernelSpectrum_ = nullptr;
};

} // namespace fftbloom
