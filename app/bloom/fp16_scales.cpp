#include "app/bloom/fp16_scales.hpp"

#include <algorithm>
#include <cmath>

namespace fftbloom {
namespace {

// 2^(kFp16Log2Headroom - ceil(log2 bound)): bound * scale <= 2^15. A zero bound (all values
// zero) needs no scaling.
float headroomScale(double bound) {
    if (!(bound > 0.0) || !std::isfinite(bound)) {
        return 1.0f;
    }
    const int exponent = static_cast<int>(std::ceil(std::log2(bound)));
    return std::ldexp(1.0f, kFp16Log2Headroom - exponent);
}

} // namespace

double maxAbsPixel(const Image& image) {
    double largest = 0.0;
    for (const float value : image.pixels) {
        if (std::isfinite(value)) {
            largest = std::max(largest, double{std::fabs(value)});
        }
    }
    return largest;
}

double kernelL1(const Image& normalizedKernel) {
    const std::size_t plane = std::size_t{normalizedKernel.width} * normalizedKernel.height;
    double largest = 0.0;
    for (std::size_t channel = 0; channel < Image::kChannels; ++channel) {
        double sum = 0.0;
        for (std::size_t i = 0; i < plane; ++i) {
            sum += std::fabs(normalizedKernel.pixels[channel * plane + i]);
        }
        largest = std::max(largest, sum);
    }
    return largest;
}

float fp16KernelScale(double kernelL1) {
    return headroomScale(kernelL1);
}

float fp16SpectrumScale(std::uint32_t firstAxisLength, double imageMaxAbs, double kernelL1) {
    return headroomScale(static_cast<double>(firstAxisLength) * imageMaxAbs *
                         std::max(1.0, kernelL1));
}

} // namespace fftbloom
