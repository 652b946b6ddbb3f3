// An RGB image of linear floats, stored as three planes (R, G, B), each row-major with y
// growing downwards from the top row as displayed. Planes suit the GPU passes, which convolve
// each channel on its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fftbloom {

struct Image {
    static constexpr std::uint32_t kChannels = 3;

    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<float> pixels; // kChannels planes of width * height

    Image() = default;
    Image(std::uint32_t w, std::uint32_t h) : width(w), height(h), pixels(kChannels * w * h) {}

    std::size_t planeSize() const { return std::size_t{width} * height; }
    float& at(std::uint32_t channel, std::uint32_t x, std::uint32_t y) {
        return pixels[channel * planeSize() + std::size_t{y} * width + x];
    }
    float at(std::uint32_t channel, std::uint32_t x, std::uint32_t y) const {
        return pixels[channel * planeSize() + std::size_t{y} * width + x];
    }

    // RGB RGB ... row by row from the top, as most file formats store pixels, with each value
    // passed through `convert`.
    template <typename T, typename Convert>
    std::vector<T> interleaved(Convert convert) const {
        std::vector<T> values(planeSize() * kChannels);
        for (std::size_t i = 0; i < planeSize(); ++i) {
            for (std::uint32_t c = 0; c < kChannels; ++c) {
                values[i * kChannels + c] = convert(pixels[c * planeSize() + i]);
            }
        }
        return values;
    }
    std::vector<float> interleaved() const {
        return interleaved<float>([](float value) { return value; });
    }
};

} // namespace fftbloom
