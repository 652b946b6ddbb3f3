#include "app/kernel/cpu_fft.hpp"

#include <numbers>
#include <utility>

namespace fftbloom {
namespace {

// Radix-2, decimation in time, over `n` values `stride` apart.
void fft1d(ComplexD* data, std::size_t n, std::size_t stride) {
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
        for (std::size_t k = 0; k < length / 2; ++k) {
            // Each twiddle from polar(), not a running product, so errors do not accumulate.
            const ComplexD twiddle =
                std::polar(1.0, -2.0 * std::numbers::pi * static_cast<double>(k) /
                                    static_cast<double>(length));
            for (std::size_t start = 0; start < n; start += length) {
                ComplexD& lo = data[(start + k) * stride];
                ComplexD& hi = data[(start + k + length / 2) * stride];
                const ComplexD rotated = hi * twiddle;
                hi = lo - rotated;
                lo += rotated;
            }
        }
    }
}

} // namespace

void fft2d(std::vector<ComplexD>& grid, std::size_t size) {
    for (std::size_t row = 0; row < size; ++row) {
        fft1d(&grid[row * size], size, 1);
    }
    for (std::size_t column = 0; column < size; ++column) {
        fft1d(&grid[column], size, size);
    }
}

} // namespace fftbloom
