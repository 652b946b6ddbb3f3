// The check every bloom test makes: the GPU engine's O against the double-precision
// reference of design.md §2, with the error recorded in the test's XML output.
#pragma once

#include "app/bloom/bloom_engine.hpp"

namespace fftbloom::test {

inline constexpr double kBloomTolerance = 1e-5; // relative L2 of O

ConvolutionSettings settingsOf(std::uint32_t kernelSize, Padding padding, SpectrumMode spectrum,
                               AxisOrder order);

// Convolves `image` with the engine (whose kernel is `kernel`) and expects relative L2 <=
// kBloomTolerance against referenceBloom; records the error as "relative_l2 <mode>".
void expectMatchesReference(BloomEngine& engine, const Image& image, const Image& kernel,
                            const ConvolutionSettings& settings);

} // namespace fftbloom::test
