// What a bloom computes (design.md §2) and how it runs, with the names the command line and
// the UI use for each choice.
#pragma once

#include "gpu_fft/fft/convolution_layout.hpp"

#include <cstdint>
#include <string>

namespace fftbloom {

enum class Padding { Zero, Mirror };
enum class AxisOrder { YFirst, XFirst, Auto };
enum class SpectrumMode { Tent, Exact };
// How the spectra between the passes are stored: fp32, or fp16 (half the bytes, scaled so that
// no value can overflow; the arithmetic stays fp32). docs/bloom.md, "fp16 spectra".
enum class Precision { Fp32, Fp16 };

inline constexpr std::uint32_t kMinKernelSize = 16;
inline constexpr std::uint32_t kMaxKernelSize = 2048;

struct ConvolutionSettings {
    std::uint32_t kernelSize = 256; // K, a power of two in [16, 2048]
    Padding padding = Padding::Mirror;
    AxisOrder axisOrder = AxisOrder::Auto;
    SpectrumMode spectrum = SpectrumMode::Tent;
    Precision precision = Precision::Fp32;

    bool operator==(const ConvolutionSettings&) const = default;
};

// Parsing from the command line's words; each throws fftbloom::Error naming the choices.
Padding parsePadding(const std::string& word);
AxisOrder parseAxisOrder(const std::string& word);
SpectrumMode parseSpectrumMode(const std::string& word);
Precision parsePrecision(const std::string& word);
void checkKernelSize(std::uint32_t kernelSize);

const char* nameOf(Padding padding);
const char* nameOf(AxisOrder order);
const char* nameOf(SpectrumMode mode);
const char* nameOf(Precision precision);

// The first axis a setting resolves to for an image (auto: the order with less FFT work).
gpu_fft::Axis resolveFirstAxis(AxisOrder order, std::uint32_t width, std::uint32_t height,
                               std::uint32_t kernelSize);

} // namespace fftbloom
