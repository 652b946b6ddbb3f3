// The test reference itself (tests/support/reference_bloom), checked where design.md §2.6
// gives a second way to compute it: with zero padding and the exact spectrum, O is the linear
// convolution, summed directly here. Also the kernel's preparation (§2.1-2.2).
#include "app/bloom/kernel_prep.hpp"
#include "gpu_fft/vulkan/error.hpp"
#include "tests/support/reference_bloom.hpp"
#include "tests/support/test_images.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace fftbloom::test {
namespace {

TEST(ReferenceBloom, ExactZeroPaddedEqualsDirectConvolution) {
    std::mt19937 random(7);
    for (const auto& [w, h, k] : {std::tuple{7u, 5u, 16u}, {1u, 1u, 16u}, {13u, 22u, 32u}}) {
        const Image image = randomHdrImage(w, h, random);
        const Image kernel = asymmetricKernel(k, random);
        const auto viaFft = referenceBloom(image, kernel, {false, true});
        EXPECT_LE(relativeL2(viaFft, directConvolution(image, kernel)), 1e-12)
            << w << "x" << h << " K=" << k;
    }
}

TEST(ReferenceBloom, TentEqualsExactWhenThePaddedGridIsTheKernelSize) {
    std::mt19937 random(8);
    const Image image = randomHdrImage(1, 1, random); // pads to K x K: F = F_K exactly
    const Image kernel = asymmetricKernel(16, random);
    EXPECT_LE(relativeL2(referenceBloom(image, kernel, {false, false}),
                         referenceBloom(image, kernel, {false, true})),
              1e-12);
}

TEST(KernelPreparation, NormalisesToUnitLuminance) {
    Image kernel(16, 16);
    for (std::size_t i = 0; i < kernel.planeSize(); ++i) {
        kernel.pixels[i] = 2.0f;                          // R
        kernel.pixels[kernel.planeSize() + i] = 1.0f;     // G
        kernel.pixels[2 * kernel.planeSize() + i] = 0.5f; // B
    }
    const double luminance = 256 * (0.2126 * 2.0 + 0.7152 * 1.0 + 0.0722 * 0.5);
    EXPECT_NEAR(kernelLuminance(kernel), luminance, 1e-9);
    const Image normalized = normalizeKernel(kernel, "test");
    EXPECT_NEAR(kernelLuminance(normalized), 1.0, 1e-6);
    EXPECT_NEAR(normalized.at(0, 3, 4), 2.0 / luminance, 1e-9);
}

TEST(KernelPreparation, RejectsNonFiniteAndNonPositiveKernels) {
    Image zero(16, 16);
    EXPECT_THROW(normalizeKernel(zero, "zero"), Error);
    Image negative(16, 16);
    negative.at(1, 8, 8) = -1.0f;
    EXPECT_THROW(normalizeKernel(negative, "negative"), Error);
    Image withNan(16, 16);
    withNan.at(0, 8, 8) = 1.0f;
    withNan.at(2, 0, 0) = std::nanf("");
    try {
        normalizeKernel(withNan, "k.pfm");
        FAIL() << "expected an error";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("k.pfm"), std::string::npos);
        EXPECT_NE(std::string(error.what()).find("non-finite"), std::string::npos);
    }
}

TEST(KernelPreparation, AKxKKernelIsKeptAsItIs) {
    std::mt19937 random(9);
    const Image kernel = asymmetricKernel(32, random);
    EXPECT_EQ(fitKernel(kernel, 32).pixels, kernel.pixels);
}

// A 64 x 32 kernel into K = 16: scaled by 1/4 to 16 x 8, each pixel the mean of 4 x 4, centred
// vertically (rows 4 .. 11), zero elsewhere.
TEST(KernelPreparation, ShrinksWithAnAreaFilterKeepingAspectAndCentres) {
    Image kernel(64, 32);
    for (std::uint32_t c = 0; c < 3; ++c) {
        for (std::uint32_t y = 0; y < 32; ++y) {
            for (std::uint32_t x = 0; x < 64; ++x) {
                kernel.at(c, x, y) = static_cast<float>(x + 100 * y + c);
            }
        }
    }
    const Image fitted = fitKernel(kernel, 16);
    ASSERT_EQ(fitted.width, 16u);
    ASSERT_EQ(fitted.height, 16u);
    for (std::uint32_t y = 0; y < 16; ++y) {
        for (std::uint32_t x = 0; x < 16; ++x) {
            float expected = 0.0f;
            if (y >= 4 && y < 12) {
                // mean of x' in [4x, 4x+4) and y' in [4(y-4), 4(y-4)+4)
                expected = (4.0f * static_cast<float>(x) + 1.5f) +
                           100.0f * (4.0f * static_cast<float>(y - 4) + 1.5f) + 1.0f;
            }
            EXPECT_NEAR(fitted.at(1, x, y), expected, 1e-3f) << x << "," << y;
        }
    }
}

TEST(KernelPreparation, EnlargesASmallKernelToFill) {
    Image kernel(4, 4);
    kernel.at(0, 1, 2) = 1.0f;
    const Image fitted = fitKernel(kernel, 16);
    EXPECT_FLOAT_EQ(fitted.at(0, 5, 9), 1.0f); // each source pixel becomes 4 x 4
    EXPECT_FLOAT_EQ(fitted.at(0, 4, 8), 1.0f);
    EXPECT_FLOAT_EQ(fitted.at(0, 8, 8), 0.0f);
}

} // namespace
} // namespace fftbloom::test
