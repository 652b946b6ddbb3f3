// Synthetic inputs for the bloom tests: HDR-like images (a dim base with a few very bright
// points, as in real scenes) and asymmetric kernels (so a flip, a transpose or a one-pixel
// shift changes the result).
#pragma once

#include "app/image/image.hpp"

#include <cstdint>
#include <random>
#include <string>

namespace fftbloom::test {

Image randomHdrImage(std::uint32_t width, std::uint32_t height, std::mt19937& random);

// A normalised K x K kernel: a bright core, a streak to the right and down, and noise.
Image asymmetricKernel(std::uint32_t kernelSize, std::mt19937& random);

// assets/<name>, failing the test (never skipping) when the setup has not fetched it.
std::string assetPath(const std::string& name);

} // namespace fftbloom::test
