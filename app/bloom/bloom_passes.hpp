// The three convolution passes and their push constants (docs/bloom.md). Each record function
// binds one pipeline and dispatches one workgroup per FFT for all three channels; barriers
// between passes are the caller's.
#pragma once

#include "app/bloom/bloom_params.hpp"
#include "app/bloom/bloom_settings.hpp"
#include "app/bloom/pipeline_cache.hpp"
#include "gpu_fft/fft/convolution_layout.hpp"
#include "gpu_fft/fft/fft_shape.hpp"
#include "gpu_fft/vulkan/buffer.hpp"

#include <cstdint>

namespace fftbloom {

// The FFT shapes of the passes on this device. The kernel spectrum is stored in the second
// axis' Nabla order, which depends on the shape, so the kernel precompute and the bloom must
// both take their shapes from here. Passes 1 and 3 of y-first walk image columns and run 4
// adjacent pairs of columns per workgroup where registers allow, so that their loads
// coalesce. For tuning experiments, FFTBLOOM_FIRST_AXIS_LOG2_BATCH and
// FFTBLOOM_SECOND_AXIS_LOG2_BATCH override the batches (log2), and
// FFTBLOOM_{FIRST,SECOND}_AXIS_LOG2_INVOCATIONS the workgroup caps (docs/performance.md).
gpu_fft::FftShape firstAxisShape(std::uint32_t length, gpu_fft::Axis firstAxis,
                                 const vk::DeviceInfo& device);
gpu_fft::FftShape secondAxisShape(std::uint32_t length, const vk::DeviceInfo& device);

// A planar W x H image in a layout, padded as `padding` says.
bloom_gpu::BloomPassParams imagePassParams(const gpu_fft::ConvolutionLayout& layout,
                                           Padding padding);

// A planar K x K kernel with its origin (K/2, K/2) placed at (0, 0) of a P1 x P2 grid whose
// first axis is `firstAxis` (design.md §2.3, §2.5).
bloom_gpu::BloomPassParams kernelPassParams(std::uint32_t kernelSize, gpu_fft::Axis firstAxis,
                                            std::uint32_t firstLength);

// Bytes of one stored complex value: 8 (two fp32) or 4 (two fp16).
std::uint32_t complexBytes(Precision precision);
// The half-spectrum buffer between the first and second axis.
VkDeviceSize spectrumBufferBytes(const bloom_gpu::BloomPassParams& params,
                                 Precision precision = Precision::Fp32);
// A kernel spectrum on a P1 x P2 grid (P1/2 + 1 rows of P2).
VkDeviceSize kernelSpectrumBytes(std::uint32_t firstLength, std::uint32_t secondLength,
                                 Precision precision = Precision::Fp32);

// `precision` says how the spectra between the passes are stored (the kernel precompute:
// always fp32; BloomPassParams' scales apply to fp16).

// Pass 1: planes -> half spectra of the first axis.
void recordFirstAxisForward(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                            const gpu_fft::FftShape& shape,
                            const bloom_gpu::BloomPassParams& params, Precision precision,
                            const vk::Buffer& planes, const vk::Buffer& spectrum);

// Pass 2: convolve with `kernelSpectrum` in place, or (storeKernelSpectrum, fp32 only) write
// the second axis' spectrum into `kernelSpectrum` (the kernel precompute).
void recordSecondAxis(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                      const gpu_fft::FftShape& shape, const bloom_gpu::BloomPassParams& params,
                      Precision precision, const vk::Buffer& spectrum,
                      const vk::Buffer& kernelSpectrum, bool storeKernelSpectrum);

// Pass 3: half spectra -> cropped planes.
void recordFirstAxisInverse(VkCommandBuffer commandBuffer, PipelineCache& pipelines,
                            const gpu_fft::FftShape& shape,
                            const bloom_gpu::BloomPassParams& params, Precision precision,
                            const vk::Buffer& spectrum, const vk::Buffer& planes);

} // namespace fftbloom
