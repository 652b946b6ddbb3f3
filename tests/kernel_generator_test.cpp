// The glare-kernel generator against the physics it models (docs/kernels.md): Fraunhofer
// diffraction of an aperture. A circle gives the Airy pattern with its first dark ring where
// optics puts it; N straight blades give N spikes for even N and 2N for odd N; mirror
// symmetry follows the aperture's; longer wavelengths spread further; unit luminance.
#include "app/bloom/kernel_prep.hpp"
#include "app/kernel/cie_colour.hpp"
#include "app/kernel/glare_kernel.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace fftbloom {
namespace {

GlareSettings monochrome(std::uint32_t blades, double airyRadius = 4.0) {
    GlareSettings settings;
    settings.size = 256;
    settings.aperture.blades = blades;
    settings.airyRadius = airyRadius;
    settings.wavelengths = 1;
    return settings;
}

// Bilinear sample of channel c at (x, y).
double sample(const Image& kernel, std::uint32_t c, double x, double y) {
    const auto x0 = static_cast<std::uint32_t>(std::floor(x));
    const auto y0 = static_cast<std::uint32_t>(std::floor(y));
    const double fx = x - x0;
    const double fy = y - y0;
    return (1 - fx) * (1 - fy) * kernel.at(c, x0, y0) + fx * (1 - fy) * kernel.at(c, x0 + 1, y0) +
           (1 - fx) * fy * kernel.at(c, x0, y0 + 1) + fx * fy * kernel.at(c, x0 + 1, y0 + 1);
}

// The intensity averaged over angle at radius r about the origin (K/2, K/2).
double ringAverage(const Image& kernel, std::uint32_t c, double r) {
    const double centre = kernel.width / 2;
    double sum = 0;
    constexpr int kSteps = 720;
    for (int i = 0; i < kSteps; ++i) {
        const double angle = 2 * std::numbers::pi * i / kSteps;
        sum += sample(kernel, c, centre + r * std::cos(angle), centre + r * std::sin(angle));
    }
    return sum / kSteps;
}

// Peaks of the intensity against angle, summed over a band of radii (the spikes run across
// every radius; the rings' ripples average out): the local maxima within +-2 degrees that
// reach a fifth of the strongest (a square's off-axis side lobes are ~1/(pi^2 v^2) of a spike).
int countSpikes(const Image& kernel, double innerRadius, double outerRadius) {
    constexpr int kSteps = 1440;
    const double centre = kernel.width / 2;
    std::vector<double> profile(kSteps, 0.0);
    for (int i = 0; i < kSteps; ++i) {
        const double angle = 2 * std::numbers::pi * i / kSteps;
        for (double r = innerRadius; r <= outerRadius; r += 0.5) {
            profile[static_cast<std::size_t>(i)] +=
                sample(kernel, 1, centre + r * std::cos(angle), centre + r * std::sin(angle));
        }
    }
    const double threshold = 0.2 * *std::max_element(profile.begin(), profile.end());
    int peaks = 0;
    for (int i = 0; i < kSteps; ++i) {
        const double here = profile[static_cast<std::size_t>(i)];
        bool isPeak = here > threshold;
        for (int d = 1; d <= 8 && isPeak; ++d) {
            isPeak = here >= profile[static_cast<std::size_t>((i + d) % kSteps)] &&
                     here > profile[static_cast<std::size_t>((i - d + kSteps) % kSteps)];
        }
        peaks += isPeak ? 1 : 0;
    }
    return peaks;
}

// The radius of gyration of channel c: how far its light spreads.
double spread(const Image& kernel, std::uint32_t c) {
    const double centre = kernel.width / 2;
    double weighted = 0;
    double total = 0;
    for (std::uint32_t y = 0; y < kernel.height; ++y) {
        for (std::uint32_t x = 0; x < kernel.width; ++x) {
            const double value = kernel.at(c, x, y);
            weighted += value * ((x - centre) * (x - centre) + (y - centre) * (y - centre));
            total += value;
        }
    }
    return std::sqrt(weighted / total);
}

// A circular aperture of diameter D gives the Airy pattern: its first dark ring at
// 3.8317 / pi * N / D pixels (N the FFT size), the first zero of 2 J1(x) / x.
TEST(GlareKernel, ACircularApertureGivesTheAiryPatternWithItsFirstDarkRingInPlace) {
    for (double airyRadius : {3.0, 5.0, 8.0}) {
        const GlareSettings settings = monochrome(0, airyRadius);
        const Image kernel = generateGlareKernel(settings);
        const std::uint32_t field = 2 * settings.size; // the generator's FFT grid
        const double diameter = apertureDiameter(field, airyRadius);
        const double predicted = 3.8317 / std::numbers::pi * field / diameter;
        double darkest = 1e300;
        double darkestRadius = 0;
        for (double r = 0.5 * predicted; r <= 1.5 * predicted; r += 0.05) {
            const double value = ringAverage(kernel, 1, r);
            if (value < darkest) {
                darkest = value;
                darkestRadius = r;
            }
        }
        EXPECT_NEAR(darkestRadius, predicted, 1.0) << "Airy radius " << airyRadius;
        EXPECT_LT(darkest, 0.02 * ringAverage(kernel, 1, 0.0)) << "the ring should be dark";
        // The first bright ring, at x = 5.1356 against the zero's 3.8317: 1.75 % of the peak.
        const double ring = ringAverage(kernel, 1, predicted * 5.1356 / 3.8317);
        EXPECT_NEAR(ring / ringAverage(kernel, 1, 0.0), 0.0175, 0.006);
    }
}

TEST(GlareKernel, BladesGiveNSpikesForEvenNAndTwoNForOddN) {
    for (std::uint32_t blades : {3u, 4u, 5u, 6u, 7u, 8u}) {
        const Image kernel = generateGlareKernel(monochrome(blades));
        const int expected = static_cast<int>(blades % 2 == 0 ? blades : 2 * blades);
        EXPECT_EQ(countSpikes(kernel, 30.0, 110.0), expected) << blades << " blades";
    }
}

// A polygon with a vertex on the x axis is symmetric about that axis, and so is its pattern.
TEST(GlareKernel, MirrorSymmetryFollowsTheAperture) {
    for (std::uint32_t blades : {5u, 6u}) {
        const Image kernel = generateGlareKernel(monochrome(blades));
        const std::uint32_t centre = kernel.height / 2;
        double difference = 0;
        double total = 0;
        for (std::uint32_t dy = 1; dy < centre; ++dy) {
            for (std::uint32_t x = 0; x < kernel.width; ++x) {
                difference += std::abs(kernel.at(1, x, centre + dy) - kernel.at(1, x, centre - dy));
                total += kernel.at(1, x, centre + dy);
            }
        }
        EXPECT_LT(difference / total, 1e-4) << blades << " blades";
    }
    // A rotated pentagon is not symmetric about the x axis: the check above can fail.
    GlareSettings rotated = monochrome(5);
    rotated.aperture.rotationDegrees = 17;
    const Image kernel = generateGlareKernel(rotated);
    const std::uint32_t centre = kernel.height / 2;
    double difference = 0;
    for (std::uint32_t x = 0; x < kernel.width; ++x) {
        difference += std::abs(kernel.at(1, x, centre + 20) - kernel.at(1, x, centre - 20));
    }
    EXPECT_GT(difference, 0.0);
}

TEST(GlareKernel, IsNormalisedToUnitLuminance) {
    GlareSettings settings;
    settings.size = 128;
    settings.aperture.dust = 5;
    settings.aperture.scratches = 2;
    settings.aperture.obstruction = 0.3;
    const Image kernel = generateGlareKernel(settings);
    EXPECT_NEAR(kernelLuminance(kernel), 1.0, 1e-5);
    for (float value : kernel.pixels) {
        ASSERT_TRUE(std::isfinite(value) && value >= 0.0f);
    }
}

TEST(GlareKernel, RedSpreadsFurtherThanBlue) {
    GlareSettings settings;
    settings.size = 256;
    settings.aperture.blades = 0;
    const Image kernel = generateGlareKernel(settings);
    EXPECT_GT(spread(kernel, 0), 1.1 * spread(kernel, 2)); // about 600 nm against 450 nm
    EXPECT_GT(spread(kernel, 1), spread(kernel, 2));
}

TEST(GlareKernel, TheApertureIsTheShapeAskedFor) {
    ApertureSettings hexagon;
    hexagon.blades = 6;
    const auto mask = apertureMask(hexagon, 64, 40.0);
    EXPECT_DOUBLE_EQ(mask[32 * 64 + 32], 1.0);        // the centre is open
    EXPECT_DOUBLE_EQ(mask[32 * 64 + 2], 0.0);         // far outside is closed
    EXPECT_GT(mask[32 * 64 + 32 + 19], 0.0);          // a vertex at angle 0 reaches r = 20
    EXPECT_DOUBLE_EQ(mask[(32 + 19) * 64 + 32], 0.0); // the flat side at 90 deg: r = 17.3
    ApertureSettings obstructed;
    obstructed.blades = 0;
    obstructed.obstruction = 0.5;
    EXPECT_DOUBLE_EQ(apertureMask(obstructed, 64, 40.0)[32 * 64 + 32], 0.0);
}

TEST(GlareKernel, ColourMatchingFollowsTheCieTable) {
    EXPECT_NEAR(cieColourMatching(550)[1], 0.99495, 1e-6);
    EXPECT_NEAR(cieColourMatching(555)[1], (0.99495 + 0.995) / 2, 1e-6); // interpolated
    EXPECT_NEAR(cieColourMatching(450)[2], 1.77211, 1e-6);
    EXPECT_EQ(cieColourMatching(800)[0], 0.0);
    const auto white = xyzToLinearSrgb({0.9505, 1.0, 1.089}); // D65 white
    for (double channel : white) {
        EXPECT_NEAR(channel, 1.0, 0.01);
    }
}

TEST(GlareKernel, BadSettingsAreClearErrors) {
    GlareSettings settings;
    settings.aperture.blades = 2;
    EXPECT_THROW(generateGlareKernel(settings), Error);
    settings = GlareSettings{};
    settings.size = 100;
    EXPECT_THROW(generateGlareKernel(settings), Error);
    settings = GlareSettings{};
    settings.airyRadius = 0.5;
    EXPECT_THROW(generateGlareKernel(settings), Error);
    settings = GlareSettings{};
    settings.aperture.roundness = 2;
    EXPECT_THROW(generateGlareKernel(settings), Error);
}

} // namespace
} // namespace fftbloom
