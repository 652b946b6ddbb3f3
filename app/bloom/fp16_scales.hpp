// The scales that make fp16 spectra safe (--precision fp16; docs/bloom.md, "fp16 spectra").
// fp16 holds magnitudes up to 65504; every stored value is multiplied by a power of two
// (exact in float) chosen from bounds that hold for any image, so that none exceeds 2^15:
//   kernel spectrum:  |F| <= L1, the largest channel sum of |normalised kernel|, for the exact
//                     and the tent spectrum alike (a bilinear mix of values <= L1);
//   image spectra:    after pass 1, |A(k)| <= P1 * maxAbs (a line's DFT is bounded by the sum
//                     of its P1 samples); after pass 2, a line of the cyclic convolution, whose
//                     samples are <= maxAbs * L1, so <= P1 * maxAbs * L1 (the tent spectrum's
//                     kernel has the same L1 bound: its copies' windows sum to one).
// The arithmetic in registers stays fp32; only what is stored between passes is fp16.
#pragma once

#include "app/image/image.hpp"

#include <cstdint>

namespace fftbloom {

inline constexpr int kFp16Log2Headroom = 15; // stored magnitudes stay <= 2^15 < 65504

// The largest |pixel| over all channels, ignoring non-finite values; 0 for a black image.
double maxAbsPixel(const Image& image);

// max over channels of sum |kernel|: the kernel spectrum's bound.
double kernelL1(const Image& normalizedKernel);

// The stored kernel spectrum is F * kernelScale.
float fp16KernelScale(double kernelL1);

// The stored image spectra are A * spectrumScale.
float fp16SpectrumScale(std::uint32_t firstAxisLength, double imageMaxAbs, double kernelL1);

} // namespace fftbloom
