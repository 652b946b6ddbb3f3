// The check every bloom test makes: the GPU engine's O against the double-precision
// reference of design.md §2, with the error recorded in the test's XML output.
#pragma once

#include "app/bloom/bloom_engine.hpp"

#include <cstdint>
#include <ostream>
#include <string>

namespace fftbloom::test {

// An image size and kernel size a parameterised bloom test runs.
struct Size {
    std::uint32_t width;
    std::uint32_t height;
    std::uint32_t kernel;
};

// How gtest prints a case, and its name: "37x29_K16".
inline void PrintTo(const Size& size, std::ostream* out) {
    *out << size.width << "x" << size.height << " K=" << size.kernel;
}

inline std::string sizeName(const Size& size) {
    return std::to_string(size.width) + "x" + std::to_string(size.height) + "_K" +
           std::to_string(size.kernel);
}

inline constexpr double kBloomTolerance = 1e-5; // relative L2 of O
// fp16 spectra: each stored value rounds to 11 significant bits (relative 2^-12 ~ 2.4e-4),
// three times on the way (after passes 1 and 2, and the kernel spectrum).
inline constexpr double kFp16BloomTolerance = 2e-3;

// The tolerance for a run's precision.
double bloomToleranceFor(Precision precision);

ConvolutionSettings settingsOf(std::uint32_t kernelSize, Padding padding, SpectrumMode spectrum,
                               AxisOrder order);

// Convolves `image` with the engine (whose kernel is `kernel`) and expects relative L2 <=
// bloomToleranceFor(settings.precision) against referenceBloom; records the error as
// "relative_l2 <mode>" and returns it.
double expectMatchesReference(BloomEngine& engine, const Image& image, const Image& kernel,
                              const ConvolutionSettings& settings);

} // namespace fftbloom::test
