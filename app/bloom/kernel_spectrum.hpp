// The kernel's spectrum on the GPU (design.md §2.5), computed with the same passes 1 and 2 the
// bloom runs, on the kernel instead of the image:
//   exact: the P1 x P2 spectrum of the kernel placed with its origin at (0, 0);
//   tent:  the K x K spectrum F_K, computed once per kernel, then sampled bilinearly onto the
//          padded grid (shaders/bloom/tent_resample.comp) whenever the padded grid changes.
// The result is laid out as pass 2 reads it: per channel P1/2 + 1 rows (rank order, last row
// Nyquist) of P2 values in the second axis' Nabla order, column-major (rows adjacent).
// For fp16 spectra, an fp16 copy of that, multiplied by fp16KernelScale (app/bloom/fp16_scales).
#pragma once

#include "app/bloom/bloom_settings.hpp"
#include "app/bloom/pipeline_cache.hpp"
#include "app/image/image.hpp"
#include "gpu_fft/fft/convolution_layout.hpp"
#include "gpu_fft/vulkan/buffer.hpp"

#include <cstdint>
#include <string>

namespace fftbloom {

class KernelSpectrum {
  public:
    explicit KernelSpectrum(PipelineCache& pipelines) : pipelines_(pipelines) {}

    // A normalised K x K kernel (kernel_prep). Spectra are computed on the next forLayout().
    void setKernel(const Image& normalizedKernel);
    bool hasKernel() const { return kernelSize_ != 0; }
    std::uint32_t kernelSize() const { return kernelSize_; }
    // max over channels of sum |kernel|: bounds every spectrum value (fp16_scales.hpp).
    double l1Norm() const { return l1Norm_; }
    // What the stored values are multiplied by: 1 for fp32.
    float storedScale(Precision precision) const;

    // The spectrum on `layout`'s padded grid, stored as `precision` says, recomputed only when
    // the kernel, the grid, the axis order, the mode or the precision changed since the last
    // call.
    const vk::Buffer& forLayout(const gpu_fft::ConvolutionLayout& layout, SpectrumMode mode,
                                Precision precision = Precision::Fp32);

  private:
    void computePadded(const gpu_fft::ConvolutionLayout& layout, SpectrumMode mode,
                       const std::string& key);
    void computeTentSource();
    void computeExact(const gpu_fft::ConvolutionLayout& layout);
    void resampleTent(const gpu_fft::ConvolutionLayout& layout);
    void packHalf(); // padded_ -> paddedHalf_
    gpu_fft::FftShape firstShapeFor(std::uint32_t length, gpu_fft::Axis firstAxis) const;
    gpu_fft::FftShape secondShapeFor(std::uint32_t length) const;

    PipelineCache& pipelines_;
    std::uint32_t kernelSize_ = 0;
    double l1Norm_ = 0.0;
    vk::Buffer planes_;
    vk::Buffer tentSource_; // F_K, valid once computed for the current kernel
    bool tentSourceValid_ = false;
    vk::Buffer padded_;
    std::string paddedKey_; // what padded_ was computed for; "" = nothing
    vk::Buffer paddedHalf_; // fp16 copy of padded_
    bool paddedHalfValid_ = false;
};

} // namespace fftbloom
