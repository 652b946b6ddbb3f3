// The kernel's preparation on the CPU (design.md §2.1-2.2): fit any image into K x K, then
// normalise it to unit luminance. The GPU takes it from there (kernel_spectrum).
#pragma once

#include "app/image/image.hpp"

#include <cstdint>
#include <string>

namespace fftbloom {

// G = G0 if G0 is K x K; otherwise G0 scaled so its longer side is K, keeping its aspect
// ratio, with an area filter (each output pixel is the mean of the input area it covers),
// centred in K x K with zeros around it.
Image fitKernel(const Image& kernel, std::uint32_t kernelSize);

// The kernel's luminance: 0.2126 S_R + 0.7152 S_G + 0.0722 S_B over the channel sums S_c.
double kernelLuminance(const Image& kernel);

// G / Y. Throws fftbloom::Error (naming `what`) for non-finite pixels or Y <= 0.
Image normalizeKernel(const Image& kernel, const std::string& what);

} // namespace fftbloom
