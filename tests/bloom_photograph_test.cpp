// The bloom on real HDR photographs (ILM's OpenEXR samples, fetched by the setup into assets/):
// every padding, spectrum mode and axis order on crops with odd sizes, and the whole Golden Gate
// photograph at K = 256, against the double-precision reference.
#include "app/bloom/bloom_engine.hpp"
#include "app/image/image_io.hpp"
#include "tests/support/bloom_check.hpp"
#include "tests/support/gpu_test.hpp"
#include "tests/support/reference_bloom.hpp"
#include "tests/support/test_images.hpp"

#include <gtest/gtest.h>

namespace fftbloom::test {
namespace {

Image crop(const Image& image, std::uint32_t left, std::uint32_t top, std::uint32_t width,
           std::uint32_t height) {
    Image result(width, height);
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        for (std::uint32_t y = 0; y < height; ++y) {
            for (std::uint32_t x = 0; x < width; ++x) {
                result.at(c, x, y) = image.at(c, left + x, top + y);
            }
        }
    }
    return result;
}

using Photographs = GpuTest;

TEST_F(Photographs, CropsMatchTheReferenceInEveryMode) {
    std::mt19937 random(11);
    const Image kernel = asymmetricKernel(64, random);
    BloomEngine engine(context(), compiler());
    engine.setKernel(kernel);
    // The bridge's lights (odd width), and a W = 2 (mod 4) crop of the desk scene.
    const Image bridge = crop(readImage(assetPath("GoldenGate.exr")), 250, 350, 301, 203);
    const Image desk = crop(readImage(assetPath("Desk.exr")), 100, 80, 170, 121);
    for (const Image* image : {&bridge, &desk}) {
        for (auto padding : {Padding::Zero, Padding::Mirror}) {
            for (auto spectrum : {SpectrumMode::Tent, SpectrumMode::Exact}) {
                for (auto order : {AxisOrder::YFirst, AxisOrder::XFirst}) {
                    expectMatchesReference(engine, *image, kernel,
                                           settingsOf(64, padding, spectrum, order));
                }
            }
        }
    }
}

TEST_F(Photographs, TheWholeGoldenGateAtKernel256) {
    std::mt19937 random(12);
    const Image kernel = asymmetricKernel(256, random);
    BloomEngine engine(context(), compiler());
    engine.setKernel(kernel);
    const Image photograph = readImage(assetPath("GoldenGate.exr"));
    expectMatchesReference(engine, photograph, kernel,
                           settingsOf(256, Padding::Mirror, SpectrumMode::Tent, AxisOrder::YFirst));
    expectMatchesReference(engine, photograph, kernel,
                           settingsOf(256, Padding::Zero, SpectrumMode::Exact, AxisOrder::XFirst));
}

} // namespace
} // namespace fftbloom::test
