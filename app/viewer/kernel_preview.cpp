#include "app/viewer/kernel_preview.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <vector>

namespace fftbloom {
namespace {

// The log scales: a kernel spans about seven orders of magnitude; its spectrum far fewer.
constexpr double kKernelDecades = 7.0;
constexpr double kSpectrumDecades = 3.0;

using Complex = std::complex<double>;

// In-place radix-2 FFT of `n` values `stride` apart (n a power of two).
void fft1d(Complex* data, std::size_t n, std::size_t stride) {
    for (std::size_t i = 1, j = 0; i < n; ++i) { // bit-reversal permutation
        std::size_t bit = n >> 1;
        for (; j & bit; bit >>= 1) {
            j ^= bit;
        }
        j ^= bit;
        if (i < j) {
            std::swap(data[i * stride], data[j * stride]);
        }
    }
    for (std::size_t length = 2; length <= n; length <<= 1) {
        const Complex step = std::polar(1.0, -2.0 * std::numbers::pi / static_cast<double>(length));
        for (std::size_t start = 0; start < n; start += length) {
            Complex twiddle = 1.0;
            for (std::size_t k = 0; k < length / 2; ++k) {
                Complex& lo = data[(start + k) * stride];
                Complex& hi = data[(start + k + length / 2) * stride];
                const Complex rotated = hi * twiddle;
                hi = lo - rotated;
                lo += rotated;
                twiddle *= step;
            }
        }
    }
}

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
    std::vector<Complex> grid(size * size);
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        for (std::size_t i = 0; i < grid.size(); ++i) {
            grid[i] = normalizedKernel.pixels[c * grid.size() + i];
        }
        for (std::size_t row = 0; row < size; ++row) {
            fft1d(&grid[row * size], size, 1);
        }
        for (std::size_t column = 0; column < size; ++column) {
            fft1d(&grid[column], size, size);
        }
        double peak = 0;
        for (const Complex& value : grid) {
            peak = std::max(peak, std::abs(value));
        }
        for (std::size_t y = 0; y < size; ++y) {
            for (std::size_t x = 0; x < size; ++x) { // DC to the centre
                const Complex value = grid[((y + size / 2) % size) * size + (x + size / 2) % size];
                preview.pixels[c * grid.size() + y * size + x] =
                    logScale(std::abs(value), peak, kSpectrumDecades);
            }
        }
    }
    return preview;
}

} // namespace fftbloom
