#include "tests/support/test_images.hpp"

#include "app/bloom/kernel_prep.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <gtest/gtest.h>

namespace fftbloom::test {

Image randomHdrImage(std::uint32_t width, std::uint32_t height, std::mt19937& random) {
    std::uniform_real_distribution<float> base(0.0f, 1.0f);
    std::uniform_real_distribution<float> chance(0.0f, 1.0f);
    Image image(width, height);
    for (float& value : image.pixels) {
        value = base(random);
        if (chance(random) < 0.02f) {
            value *= 500.0f; // a highlight
        }
    }
    return image;
}

Image asymmetricKernel(std::uint32_t kernelSize, std::mt19937& random) {
    std::uniform_real_distribution<float> noise(0.0f, 0.01f);
    Image kernel(kernelSize, kernelSize);
    const auto centre = static_cast<float>(kernelSize / 2);
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        for (std::uint32_t y = 0; y < kernelSize; ++y) {
            for (std::uint32_t x = 0; x < kernelSize; ++x) {
                const float dx = static_cast<float>(x) - centre;
                const float dy = static_cast<float>(y) - centre;
                float value =
                    50.0f * std::exp(-(dx * dx + dy * dy) / (2.0f + static_cast<float>(c)));
                if (dy == 0 && dx > 0) {
                    value += 2.0f / (1.0f + dx); // streak to the right
                }
                if (dx == 1 && dy > 0) {
                    value += 1.0f / (1.0f + dy); // and down, one column off the centre
                }
                kernel.at(c, x, y) = value + noise(random);
            }
        }
    }
    return normalizeKernel(kernel, "(test)");
}

std::string assetPath(const std::string& name) {
    // The build's assets/ folder, unless FFTBLOOM_ASSETS_DIR points elsewhere (a copy of the
    // test binaries on another machine).
    const char* folder = std::getenv("FFTBLOOM_ASSETS_DIR");
    const std::string path = std::string(folder ? folder : FFTBLOOM_ASSETS_DIR) + "/" + name;
    EXPECT_TRUE(std::filesystem::exists(path))
        << path << " is missing: run scripts/fetch-assets.sh (scripts/install-deps.sh does)";
    return path;
}

} // namespace fftbloom::test
