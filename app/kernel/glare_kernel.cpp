#include "app/kernel/glare_kernel.hpp"

#include "app/bloom/bloom_settings.hpp"
#include "app/bloom/kernel_prep.hpp"
#include "app/kernel/cie_colour.hpp"
#include "app/kernel/cpu_fft.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <sstream>

namespace fftbloom {
namespace {

constexpr double kReferenceNm = 550.0;
constexpr double kFirstAiryZero = 1.21967; // the first zero of J1(pi x) / x: 3.8317 / pi
constexpr int kSupersample = 4;            // per axis, on pixels that straddle an edge
// The pattern is computed over twice the kernel's field of view and cropped, so the spikes
// that wrap around the FFT's periodic grid land outside the kernel.
constexpr std::uint32_t kFieldOversize = 2;

// The aperture's edge in direction `angle`, as a fraction of its radius: a regular polygon
// inscribed in the circle, blended towards the circle by `roundness`.
double edgeRadius(const ApertureSettings& aperture, double angle) {
    if (aperture.blades == 0) {
        return 1.0;
    }
    const double sector = 2.0 * std::numbers::pi / aperture.blades;
    double local = std::fmod(angle - aperture.rotationDegrees * std::numbers::pi / 180.0, sector);
    if (local < 0) {
        local += sector;
    }
    const double polygon = std::cos(sector / 2) / std::cos(local - sector / 2);
    return (1.0 - aperture.roundness) * polygon + aperture.roundness;
}

bool isOpen(const ApertureSettings& aperture, double x, double y, double radius) {
    const double r = std::hypot(x, y);
    return r <= radius * edgeRadius(aperture, std::atan2(y, x)) &&
           r >= radius * aperture.obstruction;
}

// Dust specks (discs) and scratches (thin lines), seeded, in aperture coordinates.
struct Blemishes {
    struct Disc {
        double x, y, radius;
    };
    struct Line {
        double nx, ny, offset, halfWidth;
    };
    std::vector<Disc> dust;
    std::vector<Line> scratches;

    Blemishes(const ApertureSettings& aperture, double radius) {
        std::mt19937 random(aperture.seed);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        std::uniform_real_distribution<double> size(0.01, 0.04);
        std::uniform_real_distribution<double> angle(0.0, std::numbers::pi);
        for (std::uint32_t i = 0; i < aperture.dust; ++i) {
            dust.push_back(
                {unit(random) * radius * 0.8, unit(random) * radius * 0.8, size(random) * radius});
        }
        for (std::uint32_t i = 0; i < aperture.scratches; ++i) {
            const double theta = angle(random);
            scratches.push_back(
                {std::cos(theta), std::sin(theta), unit(random) * radius * 0.7, 0.4});
        }
    }

    bool blocks(double x, double y) const {
        for (const Disc& disc : dust) {
            if (std::hypot(x - disc.x, y - disc.y) < disc.radius) {
                return true;
            }
        }
        for (const Line& line : scratches) {
            if (std::abs(x * line.nx + y * line.ny - line.offset) < line.halfWidth) {
                return true;
            }
        }
        return false;
    }
};

void checkSettings(const GlareSettings& settings) {
    checkKernelSize(settings.size);
    const auto& aperture = settings.aperture;
    if (aperture.blades != 0 && (aperture.blades < 3 || aperture.blades > 32)) {
        throw Error("--blades must be 0 (a circle) or 3 to 32, not " +
                    std::to_string(aperture.blades));
    }
    if (!(aperture.roundness >= 0 && aperture.roundness <= 1)) {
        throw Error("--roundness must be between 0 and 1");
    }
    if (!(aperture.obstruction >= 0 && aperture.obstruction < 0.9)) {
        throw Error("--obstruction must be between 0 and 0.9");
    }
    if (!(settings.airyRadius >= kMinAiryRadius && settings.airyRadius <= settings.size / 8.0)) {
        throw Error("--airy-radius must be between 1.5 and K/8 = " +
                    std::to_string(settings.size / 8) + " pixels");
    }
    if (settings.wavelengths < 1 || settings.wavelengths > 64) {
        throw Error("--wavelengths must be 1 to 64");
    }
}

// |FFT(aperture)|^2 with DC moved to (size/2, size/2): the pattern at 550 nm.
std::vector<double> referencePattern(const std::vector<double>& mask, std::uint32_t size) {
    std::vector<ComplexD> grid(mask.begin(), mask.end());
    fft2d(grid, size);
    std::vector<double> intensity(grid.size());
    for (std::size_t y = 0; y < size; ++y) {
        for (std::size_t x = 0; x < size; ++x) {
            const ComplexD value = grid[((y + size / 2) % size) * size + (x + size / 2) % size];
            intensity[y * size + x] = std::norm(value);
        }
    }
    return intensity;
}

// Kernel pixel (x, y) of a K x K kernel at another wavelength: angles scale with lambda, so
// the reference pattern (size x size, centred) is stretched by s = lambda / 550 nm about the
// centre, and dimmed by s^2 (the same energy over a larger area).
double stretchedSample(const std::vector<double>& pattern, std::uint32_t size,
                       std::uint32_t kernelSize, double x, double y, double stretch) {
    const double sx = size / 2 + (x - kernelSize / 2) / stretch;
    const double sy = size / 2 + (y - kernelSize / 2) / stretch;
    const auto x0 = static_cast<std::int64_t>(std::floor(sx));
    const auto y0 = static_cast<std::int64_t>(std::floor(sy));
    const double fx = sx - static_cast<double>(x0);
    const double fy = sy - static_cast<double>(y0);
    auto at = [&](std::int64_t px, std::int64_t py) {
        const bool inside = px >= 0 && py >= 0 && px < size && py < size;
        return inside ? pattern[static_cast<std::size_t>(py) * size + static_cast<std::size_t>(px)]
                      : 0.0;
    };
    const double value = (1 - fx) * (1 - fy) * at(x0, y0) + fx * (1 - fy) * at(x0 + 1, y0) +
                         (1 - fx) * fy * at(x0, y0 + 1) + fx * fy * at(x0 + 1, y0 + 1);
    return value / (stretch * stretch);
}

} // namespace

double apertureDiameter(std::uint32_t size, double airyRadius) {
    return kFirstAiryZero * size / airyRadius;
}

std::vector<double> apertureMask(const ApertureSettings& aperture, std::uint32_t size,
                                 double diameter) {
    const double radius = diameter / 2;
    const double centre = size / 2;
    const Blemishes blemishes(aperture, radius);
    std::vector<double> mask(std::size_t{size} * size);
    for (std::uint32_t y = 0; y < size; ++y) {
        for (std::uint32_t x = 0; x < size; ++x) {
            const double dx = x - centre;
            const double dy = y - centre;
            if (std::hypot(dx, dy) > radius + 1.5) {
                continue; // well outside: closed
            }
            double open = 0;
            for (int j = 0; j < kSupersample; ++j) {
                for (int i = 0; i < kSupersample; ++i) {
                    const double px = dx + (i + 0.5) / kSupersample - 0.5;
                    const double py = dy + (j + 0.5) / kSupersample - 0.5;
                    if (isOpen(aperture, px, py, radius) && !blemishes.blocks(px, py)) {
                        open += 1.0;
                    }
                }
            }
            mask[std::size_t{y} * size + x] = open / (kSupersample * kSupersample);
        }
    }
    return mask;
}

Image generateGlareKernel(const GlareSettings& settings) {
    checkSettings(settings);
    const std::uint32_t size = settings.size;
    const std::uint32_t field = kFieldOversize * size;
    const auto mask =
        apertureMask(settings.aperture, field, apertureDiameter(field, settings.airyRadius));
    const auto pattern = referencePattern(mask, field);

    Image kernel(size, size);
    if (settings.wavelengths == 1) { // monochromatic 550 nm: grey, the centre of the field
        for (std::uint32_t y = 0; y < size; ++y) {
            for (std::uint32_t x = 0; x < size; ++x) {
                const double value =
                    pattern[std::size_t{y + (field - size) / 2} * field + x + (field - size) / 2];
                for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
                    kernel.at(c, x, y) = static_cast<float>(value);
                }
            }
        }
        return normalizeKernel(kernel, "(generated)");
    }
    // Sum over wavelengths in XYZ, then to linear sRGB, balanced so that a flat spectrum is grey.
    const double step = (kMaxWavelengthNm - kMinWavelengthNm) / settings.wavelengths;
    std::vector<std::array<double, 3>> xyz(kernel.planeSize(), {0, 0, 0});
    std::array<double, 3> flat{0, 0, 0};
    for (std::uint32_t w = 0; w < settings.wavelengths; ++w) {
        const double wavelength = kMinWavelengthNm + (w + 0.5) * step;
        const auto weight = cieColourMatching(wavelength);
        const double stretch = wavelength / kReferenceNm;
        for (std::uint32_t y = 0; y < size; ++y) {
            for (std::uint32_t x = 0; x < size; ++x) {
                const double value = stretchedSample(pattern, field, size, x, y, stretch);
                for (int i = 0; i < 3; ++i) {
                    xyz[std::size_t{y} * size + x][i] += weight[i] * value;
                }
            }
        }
        for (int i = 0; i < 3; ++i) {
            flat[i] += weight[i];
        }
    }
    const auto grey = xyzToLinearSrgb(flat);
    for (std::size_t p = 0; p < kernel.planeSize(); ++p) {
        const auto rgb = xyzToLinearSrgb(xyz[p]);
        for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
            // Out-of-gamut spectral colours come out slightly negative: clip them.
            kernel.pixels[c * kernel.planeSize() + p] =
                static_cast<float>(std::max(0.0, rgb[c] / grey[c]));
        }
    }
    return normalizeKernel(kernel, "(generated)");
}

std::string describe(const GlareSettings& settings) {
    std::ostringstream text;
    const auto& a = settings.aperture;
    text << settings.size << "px, "
         << (a.blades == 0 ? std::string("circle") : std::to_string(a.blades) + " blades")
         << ", rotation " << a.rotationDegrees << ", roundness " << a.roundness << ", obstruction "
         << a.obstruction << ", dust " << a.dust << ", scratches " << a.scratches << ", seed "
         << a.seed << ", Airy radius " << settings.airyRadius << ", " << settings.wavelengths
         << " wavelengths";
    return text.str();
}

} // namespace fftbloom
