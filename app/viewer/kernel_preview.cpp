#include "app/viewer/kernel_preview.hpp"

#include "app/kernel/cpu_fft.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace fftbloom {
namespace {

// The log scales: a kernel spans about seven orders of magnitude; its spectrum far fewer.
constexpr double kKernelDecades = 7.0;
constexpr double kSpectrumDecades = 3.0;

float logScale(double value, double peak, double decades) {
    if (value <= 0 || peak <= 0) {
        return 0.0f;
    }
    return static_cast<float>(std::clamp(1.0 + std::log10(value / peak) / decades, 0.0, 1.0));
}

} // namespace

Image kernelLogPreview(const Image& normalizedKernel) {
    Image preview = normalizedKernel;
    const float peak = *std::max_element(preview.pixels.begin(), preview.pixels.end());
    for (float& value : preview.pixels) {
        value = logScale(value, peak, kKernelDecades);
    }
    return preview;
}

Image kernelSpectrumPreview(const Image& normalizedKernel) {
    const std::size_t size = normalizedKernel.width;
    Image preview(normalizedKernel.width, normalizedKernel.height);
    std::vector<ComplexD> grid(size * size);
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        for (std::size_t i = 0; i < grid.size(); ++i) {
            grid[i] = normalizedKernel.pixels[c * grid.size() + i];
        }
        fft2d(grid, size);
        double peak = 0;
        for (const ComplexD& value : grid) {
            peak = std::max(peak, std::abs(value));
        }
        for (std::size_t y = 0; y < size; ++y) {
            for (std::size_t x = 0; x < size; ++x) { // DC to the centre
                const ComplexD value = grid[((y + size / 2) % size) * size + (x + size / 2) % size];
                preview.pixels[c * grid.size() + y * size + x] =
                    logScale(std::abs(value), peak, kSpectrumDecades);
            }
        }
    }
    return preview;
}

} // namespace fftbloom
