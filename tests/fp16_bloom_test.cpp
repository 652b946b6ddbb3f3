// --precision fp16: the spectra between the passes stored as fp16 (docs/bloom.md, "fp16
// spectra"). The scales' bounds without a GPU; then the engine's O against the
// double-precision reference of design.md §2 with the fp16 tolerance on images far beyond
// fp16's range and far below it, and proof that the fp16 path really runs (its result differs
// from fp32's by fp16 rounding, not by nothing). bloom_test runs fp16 in every mode.
#include "app/bloom/bloom_engine.hpp"
#include "app/bloom/fp16_scales.hpp"
#include "tests/support/bloom_check.hpp"
#include "tests/support/gpu_test.hpp"
#include "tests/support/reference_bloom.hpp"
#include "tests/support/test_images.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace fftbloom::test {
namespace {

bool isPowerOfTwo(float value) {
    int exponent = 0;
    return std::frexp(value, &exponent) == 0.5f;
}

TEST(Fp16Scales, KeepTheLargestPossibleValueWithinTwoToTheFifteenAndUseTheRange) {
    for (const double l1 : {0.3, 1.0, 1.7, 40.0, 3e5}) {
        const float scale = fp16KernelScale(l1);
        EXPECT_TRUE(isPowerOfTwo(scale)) << l1;
        EXPECT_LE(l1 * scale, 32768.0) << l1;
        EXPECT_GT(l1 * scale, 16384.0) << l1; // no more than one bit of range left unused
        for (const double maxAbs : {1e-6, 0.5, 1.0, 65504.0, 3e7}) {
            for (const std::uint32_t length : {16u, 1024u, 16384u}) {
                const float s = fp16SpectrumScale(length, maxAbs, l1);
                const double bound = length * maxAbs * std::max(1.0, l1);
                EXPECT_TRUE(isPowerOfTwo(s));
                EXPECT_LE(bound * s, 32768.0) << length << " " << maxAbs << " " << l1;
                EXPECT_GT(bound * s, 16384.0) << length << " " << maxAbs << " " << l1;
            }
        }
    }
}

TEST(Fp16Scales, ABlackImageNeedsNoScale) {
    EXPECT_EQ(fp16SpectrumScale(1024, 0.0, 1.0), 1.0f);
    EXPECT_EQ(fp16KernelScale(0.0), 1.0f);
}

TEST(Fp16Scales, MeasureTheImageAndTheKernel) {
    Image image(2, 1);
    image.pixels = {0.5f, -7.0f, 3.0f, NAN, 1.0f, INFINITY};
    EXPECT_EQ(maxAbsPixel(image), 7.0); // non-finite values are ignored
    Image kernel(1, 2);
    kernel.pixels = {0.25f, -0.5f, 1.0f, 1.0f, 0.1f, 0.1f};
    EXPECT_DOUBLE_EQ(kernelL1(kernel), 2.0); // the largest channel's sum of |values|
}

ConvolutionSettings fp16Settings(std::uint32_t kernelSize, Padding padding, SpectrumMode spectrum,
                                 AxisOrder order) {
    ConvolutionSettings settings = settingsOf(kernelSize, padding, spectrum, order);
    settings.precision = Precision::Fp16;
    return settings;
}

class Fp16BloomRange : public GpuTest {
  protected:
    // The reference check on randomHdrImage scaled by `factor`, both axis orders.
    void expectScaledImageMatches(float factor) {
        std::mt19937 random(freshSeed());
        Image image = randomHdrImage(40, 27, random);
        for (float& value : image.pixels) {
            value *= factor;
        }
        const Image kernel = asymmetricKernel(64, random);
        BloomEngine engine(context(), compiler());
        engine.setKernel(kernel);
        for (const auto order : {AxisOrder::YFirst, AxisOrder::XFirst}) {
            expectMatchesReference(engine, image, kernel,
                                   fp16Settings(64, Padding::Mirror, SpectrumMode::Exact, order));
        }
    }
};

// Unscaled, a line's spectrum of values up to 5e8 would be infinite in fp16 (max 65504).
TEST_F(Fp16BloomRange, AnImageFarAboveTheFp16RangeDoesNotOverflow) {
    expectScaledImageMatches(1e6f);
}

// Unscaled, values of 1e-7 would be below fp16's smallest subnormal and vanish.
TEST_F(Fp16BloomRange, AnImageFarBelowTheFp16RangeDoesNotUnderflow) {
    expectScaledImageMatches(1e-9f);
}

// fp16 differs from fp32 by its rounding: more than fp32 rounding could explain, within the
// fp16 tolerance. A silent fp32 path would fail the first expectation.
TEST_F(Fp16BloomRange, Fp16RoundingIsVisibleAgainstFp32) {
    std::mt19937 random(freshSeed());
    const Image image = randomHdrImage(53, 31, random);
    BloomEngine engine(context(), compiler());
    engine.setKernel(asymmetricKernel(32, random));
    ConvolutionSettings settings =
        settingsOf(32, Padding::Mirror, SpectrumMode::Tent, AxisOrder::XFirst);
    const Image fp32 = engine.convolve(image, settings);
    settings.precision = Precision::Fp16;
    const Image fp16 = engine.convolve(image, settings);
    const double difference =
        relativeL2(fp16.pixels, std::vector<double>(fp32.pixels.begin(), fp32.pixels.end()));
    RecordProperty("fp16_vs_fp32", scientific(difference));
    EXPECT_GT(difference, 10 * kBloomTolerance);
    EXPECT_LE(difference, kFp16BloomTolerance);
}

} // namespace
} // namespace fftbloom::test
