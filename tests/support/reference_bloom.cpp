#include "tests/support/reference_bloom.hpp"

#include <cmath>
#include <complex>
#include <fftw3.h>
#include <sstream>

namespace fftbloom::test {
namespace {

using Complex = std::complex<double>;

// A complex grid, row-major [y][x].
struct Grid {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<Complex> values;
    Grid(std::uint32_t w, std::uint32_t h) : width(w), height(h), values(std::size_t{w} * h) {}
    Complex& at(std::uint32_t x, std::uint32_t y) { return values[std::size_t{y} * width + x]; }
};

std::uint32_t nextPow2(std::uint32_t value) {
    std::uint32_t power = 1;
    while (power < value) {
        power *= 2;
    }
    return power;
}

// design.md §2.4: m(t, n) = r < n ? r : 2n - 1 - r, r = t mod 2n (non-negative).
std::int64_t mirrorIndex(std::int64_t t, std::int64_t n) {
    const std::int64_t r = ((t % (2 * n)) + 2 * n) % (2 * n);
    return r < n ? r : 2 * n - 1 - r;
}

void dft2(Grid& grid, int sign) {
    fftw_plan plan =
        fftw_plan_dft_2d(static_cast<int>(grid.height), static_cast<int>(grid.width),
                         reinterpret_cast<fftw_complex*>(grid.values.data()),
                         reinterpret_cast<fftw_complex*>(grid.values.data()), sign, FFTW_ESTIMATE);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
}

// The kernel on an n x m grid with pixel (i, j) at offset (i - K/2, j - K/2) mod (n, m).
Grid placeKernel(const Image& kernel, std::uint32_t channel, std::uint32_t width,
                 std::uint32_t height) {
    Grid grid(width, height);
    const auto half = static_cast<std::int64_t>(kernel.width / 2);
    for (std::uint32_t j = 0; j < kernel.height; ++j) {
        for (std::uint32_t i = 0; i < kernel.width; ++i) {
            const auto x = static_cast<std::uint32_t>(((i - half) % width + width) % width);
            const auto y = static_cast<std::uint32_t>(((j - half) % height + height) % height);
            grid.at(x, y) += kernel.at(channel, i, j);
        }
    }
    return grid;
}

// design.md §2.5, tent: F_K sampled bilinearly at (fx K / Px, fy K / Py), periodic.
Grid tentSpectrum(const Image& kernel, std::uint32_t channel, std::uint32_t width,
                  std::uint32_t height) {
    const std::uint32_t k = kernel.width;
    Grid small = placeKernel(kernel, channel, k, k);
    dft2(small, FFTW_FORWARD);
    Grid spectrum(width, height);
    for (std::uint32_t fy = 0; fy < height; ++fy) {
        for (std::uint32_t fx = 0; fx < width; ++fx) {
            const double u = static_cast<double>(fx) * k / width;
            const double v = static_cast<double>(fy) * k / height;
            const auto u0 = static_cast<std::uint32_t>(std::floor(u));
            const auto v0 = static_cast<std::uint32_t>(std::floor(v));
            const double a = u - u0;
            const double b = v - v0;
            auto sample = [&](std::uint32_t x, std::uint32_t y) { return small.at(x % k, y % k); };
            spectrum.at(fx, fy) = (1 - a) * (1 - b) * sample(u0, v0) +
                                  a * (1 - b) * sample(u0 + 1, v0) +
                                  (1 - a) * b * sample(u0, v0 + 1) + a * b * sample(u0 + 1, v0 + 1);
        }
    }
    return spectrum;
}

Grid paddedImage(const Image& image, std::uint32_t channel, std::uint32_t width,
                 std::uint32_t height, bool mirror) {
    Grid grid(width, height);
    const std::int64_t ox = (width - image.width) / 2;
    const std::int64_t oy = (height - image.height) / 2;
    for (std::uint32_t y = 0; y < height; ++y) {
        for (std::uint32_t x = 0; x < width; ++x) {
            std::int64_t sx = x - ox;
            std::int64_t sy = y - oy;
            const bool inside = sx >= 0 && sx < image.width && sy >= 0 && sy < image.height;
            if (!inside && !mirror) {
                continue;
            }
            sx = mirrorIndex(sx, image.width);
            sy = mirrorIndex(sy, image.height);
            grid.at(x, y) =
                image.at(channel, static_cast<std::uint32_t>(sx), static_cast<std::uint32_t>(sy));
        }
    }
    return grid;
}

} // namespace

std::vector<double> referenceBloom(const Image& image, const Image& normalizedKernel,
                                   const ReferenceSettings& settings) {
    const std::uint32_t k = normalizedKernel.width;
    const std::uint32_t px = nextPow2(image.width + k - 1);
    const std::uint32_t py = nextPow2(image.height + k - 1);
    const std::uint32_t ox = (px - image.width) / 2;
    const std::uint32_t oy = (py - image.height) / 2;
    std::vector<double> result(image.pixels.size());
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        Grid padded = paddedImage(image, c, px, py, settings.mirror);
        dft2(padded, FFTW_FORWARD);
        Grid spectrum = settings.exact ? placeKernel(normalizedKernel, c, px, py)
                                       : tentSpectrum(normalizedKernel, c, px, py);
        if (settings.exact) {
            dft2(spectrum, FFTW_FORWARD);
        }
        for (std::size_t i = 0; i < padded.values.size(); ++i) {
            padded.values[i] *= spectrum.values[i];
        }
        dft2(padded, FFTW_BACKWARD);
        for (std::uint32_t y = 0; y < image.height; ++y) {
            for (std::uint32_t x = 0; x < image.width; ++x) {
                result[c * image.planeSize() + std::size_t{y} * image.width + x] =
                    padded.at(x + ox, y + oy).real() / (static_cast<double>(px) * py);
            }
        }
    }
    return result;
}

std::vector<double> directConvolution(const Image& image, const Image& normalizedKernel) {
    const auto half = static_cast<std::int64_t>(normalizedKernel.width / 2);
    std::vector<double> result(image.pixels.size());
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        for (std::uint32_t y = 0; y < image.height; ++y) {
            for (std::uint32_t x = 0; x < image.width; ++x) {
                double sum = 0;
                for (std::uint32_t j = 0; j < normalizedKernel.height; ++j) {
                    for (std::uint32_t i = 0; i < normalizedKernel.width; ++i) {
                        const std::int64_t sx = x - (i - half);
                        const std::int64_t sy = y - (j - half);
                        if (sx >= 0 && sx < image.width && sy >= 0 && sy < image.height) {
                            sum += static_cast<double>(normalizedKernel.at(c, i, j)) *
                                   image.at(c, static_cast<std::uint32_t>(sx),
                                            static_cast<std::uint32_t>(sy));
                        }
                    }
                }
                result[c * image.planeSize() + std::size_t{y} * image.width + x] = sum;
            }
        }
    }
    return result;
}

std::string scientific(double value) {
    std::ostringstream text;
    text.precision(2);
    text << std::scientific << value;
    return text.str();
}

double relativeL2(const std::vector<float>& actual, const std::vector<double>& expected) {
    return relativeL2(std::vector<double>(actual.begin(), actual.end()), expected);
}

double relativeL2(const std::vector<double>& actual, const std::vector<double>& expected) {
    double difference = 0;
    double norm = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        difference += (actual.at(i) - expected[i]) * (actual.at(i) - expected[i]);
        norm += expected[i] * expected[i];
    }
    return std::sqrt(difference / norm);
}

} // namespace fftbloom::test
