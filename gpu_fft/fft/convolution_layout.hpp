// Sizes of the 2D FFT convolution of a W x H image with a K x K kernel (design.md §2): the
// padded grid, how many FFTs each axis runs, and the buffers between the passes.
//
// The first axis transforms the image's own columns (y-first) or rows (x-first) only, two real
// lines packed into one complex FFT. Its output keeps frequencies 0 .. P/2 of every line, with
// the real-valued DC and Nyquist rows packed into one complex row, so the intermediate buffer
// holds exactly (lines) x (P/2) complex values per channel. The second axis runs P/2 complex
// FFTs over the full padded length, padding on load.
#pragma once

#include <cstdint>

namespace gpu_fft {

enum class Axis { X, Y };

std::uint32_t nextPowerOfTwo(std::uint32_t value);

struct ConvolutionLayout {
    std::uint32_t imageWidth = 0;
    std::uint32_t imageHeight = 0;
    std::uint32_t paddedWidth = 0;  // Px = nextPow2(W + K - 1)
    std::uint32_t paddedHeight = 0; // Py = nextPow2(H + K - 1)
    Axis firstAxis = Axis::Y;

    // Lines along the first axis (image columns for y-first) and their FFT length.
    std::uint32_t firstAxisLines() const;
    std::uint32_t firstAxisLength() const;
    std::uint32_t firstAxisFftCount() const { return (firstAxisLines() + 1) / 2; }
    // The second axis: one complex FFT per kept frequency row of the first axis.
    std::uint32_t secondAxisLength() const;
    std::uint32_t secondAxisFftCount() const { return firstAxisLength() / 2; }
    // Complex values per channel in the buffer between the first and second axis.
    std::uint64_t spectrumElements() const;
    // Butterfly work per channel for one frame (forward + inverse), to compare axis orders.
    std::uint64_t butterflyWork() const;
};

ConvolutionLayout makeConvolutionLayout(std::uint32_t imageWidth, std::uint32_t imageHeight,
                                        std::uint32_t kernelSize, Axis firstAxis);

// The order with less FFT work; y-first on a tie.
Axis cheaperFirstAxis(std::uint32_t imageWidth, std::uint32_t imageHeight,
                      std::uint32_t kernelSize);

} // namespace gpu_fft
