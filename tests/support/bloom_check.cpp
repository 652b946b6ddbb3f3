#include "tests/support/bloom_check.hpp"

#include "tests/support/reference_bloom.hpp"

#include <gtest/gtest.h>

namespace fftbloom::test {

ConvolutionSettings settingsOf(std::uint32_t kernelSize, Padding padding, SpectrumMode spectrum,
                               AxisOrder order) {
    ConvolutionSettings settings;
    settings.kernelSize = kernelSize;
    settings.padding = padding;
    settings.spectrum = spectrum;
    settings.axisOrder = order;
    return settings;
}

double bloomToleranceFor(Precision precision) {
    return precision == Precision::Fp16 ? kFp16BloomTolerance : kBloomTolerance;
}

double expectMatchesReference(BloomEngine& engine, const Image& image, const Image& kernel,
                              const ConvolutionSettings& settings) {
    const Image bloom = engine.convolve(image, settings);
    const auto expected = referenceBloom(
        image, kernel,
        {settings.padding == Padding::Mirror, settings.spectrum == SpectrumMode::Exact});
    const double error = relativeL2(bloom.pixels, expected);
    const std::string mode = std::string(nameOf(settings.padding)) + " " +
                             nameOf(settings.spectrum) + " " + nameOf(settings.axisOrder) + " " +
                             nameOf(settings.precision);
    ::testing::Test::RecordProperty("relative_l2 " + mode, scientific(error));
    EXPECT_LE(error, bloomToleranceFor(settings.precision))
        << mode << ", " << image.width << "x" << image.height << ", K=" << kernel.width;
    return error;
}

} // namespace fftbloom::test
