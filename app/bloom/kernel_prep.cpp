#include "app/bloom/kernel_prep.hpp"

#include "gpu_fft/vulkan/error.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace fftbloom {
namespace {

// Weights of an area (box) resample of `from` samples onto `to`: output i covers input
// [i * from / to, (i + 1) * from / to) and averages what it covers.
struct AreaWeights {
    std::vector<std::vector<std::pair<std::uint32_t, double>>> taps; // per output: (input, weight)
};

AreaWeights areaWeights(std::uint32_t from, std::uint32_t to) {
    AreaWeights weights;
    weights.taps.resize(to);
    const double scale = static_cast<double>(from) / to;
    for (std::uint32_t i = 0; i < to; ++i) {
        const double begin = i * scale;
        const double end = (i + 1) * scale;
        for (auto j = static_cast<std::uint32_t>(begin); j < from && j < end; ++j) {
            const double overlap = std::min(end, j + 1.0) - std::max(begin, static_cast<double>(j));
            if (overlap > 0) {
                weights.taps[i].emplace_back(j, overlap / scale);
            }
        }
    }
    return weights;
}

} // namespace

Image fitKernel(const Image& kernel, std::uint32_t kernelSize) {
    if (kernel.width == kernelSize && kernel.height == kernelSize) {
        return kernel;
    }
    const double scale = static_cast<double>(kernelSize) / std::max(kernel.width, kernel.height);
    const auto fittedWidth = std::clamp<std::uint32_t>(
        static_cast<std::uint32_t>(std::lround(kernel.width * scale)), 1, kernelSize);
    const auto fittedHeight = std::clamp<std::uint32_t>(
        static_cast<std::uint32_t>(std::lround(kernel.height * scale)), 1, kernelSize);
    const AreaWeights columns = areaWeights(kernel.width, fittedWidth);
    const AreaWeights rows = areaWeights(kernel.height, fittedHeight);
    const std::uint32_t left = (kernelSize - fittedWidth) / 2;
    const std::uint32_t top = (kernelSize - fittedHeight) / 2;

    Image fitted(kernelSize, kernelSize);
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        for (std::uint32_t y = 0; y < fittedHeight; ++y) {
            for (std::uint32_t x = 0; x < fittedWidth; ++x) {
                double sum = 0;
                for (const auto& [sourceY, weightY] : rows.taps[y]) {
                    for (const auto& [sourceX, weightX] : columns.taps[x]) {
                        sum += weightY * weightX * kernel.at(c, sourceX, sourceY);
                    }
                }
                fitted.at(c, left + x, top + y) = static_cast<float>(sum);
            }
        }
    }
    return fitted;
}

double kernelLuminance(const Image& kernel) {
    double sums[Image::kChannels] = {0, 0, 0};
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        for (std::size_t i = 0; i < kernel.planeSize(); ++i) {
            sums[c] += kernel.pixels[c * kernel.planeSize() + i];
        }
    }
    return 0.2126 * sums[0] + 0.7152 * sums[1] + 0.0722 * sums[2];
}

Image normalizeKernel(const Image& kernel, const std::string& what) {
    for (float value : kernel.pixels) {
        if (!std::isfinite(value)) {
            throw Error("bad kernel " + what + ": it has non-finite (NaN or infinite) pixels");
        }
    }
    const double luminance = kernelLuminance(kernel);
    if (!(luminance > 0.0) || !std::isfinite(luminance)) {
        throw Error("bad kernel " + what + ": its luminance sum is " + std::to_string(luminance) +
                    " (it must be positive)");
    }
    Image normalized = kernel;
    for (float& value : normalized.pixels) {
        value = static_cast<float>(value / luminance);
    }
    return normalized;
}

} // namespace fftbloom
