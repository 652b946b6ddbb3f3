#include "app/viewer/default_scene.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace fftbloom {

std::string defaultImagePath() {
    // FFTBLOOM_ASSETS_DIR, when set, is the only place looked in (tests use it).
    if (const char* override = std::getenv("FFTBLOOM_ASSETS_DIR")) {
        const std::string path = std::string(override) + "/GoldenGate.exr";
        return std::filesystem::exists(path) ? path : "";
    }
    for (const char* folder : {"assets", FFTBLOOM_ASSETS_DIR}) {
        const std::string path = std::string(folder) + "/GoldenGate.exr";
        if (std::filesystem::exists(path)) {
            return path;
        }
    }
    return "";
}

Image generatedHdrScene(std::uint32_t width, std::uint32_t height) {
    Image scene(width, height);
    for (std::uint32_t y = 0; y < height; ++y) {
        for (std::uint32_t x = 0; x < width; ++x) {
            const float sky =
                0.05f + 0.25f * static_cast<float>(height - y) / static_cast<float>(height);
            scene.at(0, x, y) = sky * 0.6f;
            scene.at(1, x, y) = sky * 0.7f;
            scene.at(2, x, y) = sky;
        }
    }
    // A row of street lights and a bright moon: the highlights the bloom spreads.
    for (std::uint32_t i = 0; i < 12; ++i) {
        const std::uint32_t x = width * (i + 1) / 13;
        const std::uint32_t y = height * 3 / 4;
        scene.at(0, x, y) = 400.0f;
        scene.at(1, x, y) = 250.0f;
        scene.at(2, x, y) = 90.0f;
    }
    for (std::uint32_t y = height / 5; y < height / 5 + 6; ++y) {
        for (std::uint32_t x = width * 2 / 3; x < width * 2 / 3 + 6; ++x) {
            for (std::uint32_t c = 0; c < 3; ++c) {
                scene.at(c, x, y) = 60.0f;
            }
        }
    }
    return scene;
}

} // namespace fftbloom
