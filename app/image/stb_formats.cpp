// Radiance .hdr (RGBE) and 8-bit .png / .jpg through stb_image and stb_image_write (Debian's
// libstb).
#include "app/image/formats.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <memory>
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
#include <vector>

namespace fftbloom::formats {
namespace {

// Refuses absurd sizes from the header, before stb allocates for them.
void checkHeader(const std::string& path, const char* format) {
    int width = 0;
    int height = 0;
    int channels = 0;
    if (!stbi_info(path.c_str(), &width, &height, &channels)) {
        throw Error(path + " is not a readable " + format + " file (" + stbi_failure_reason() +
                    ")");
    }
    checkDimensions(path, width, height);
}

template <typename T>
Image fromInterleaved(const T* data, int width, int height, float (*decode)(T)) {
    Image image(static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height));
    for (std::uint32_t y = 0; y < image.height; ++y) {
        for (std::uint32_t x = 0; x < image.width; ++x) {
            for (std::uint32_t c = 0; c < 3; ++c) {
                image.at(c, x, y) = decode(data[(std::size_t{y} * image.width + x) * 3 + c]);
            }
        }
    }
    return image;
}

} // namespace

Image readRadianceHdr(const std::string& path) {
    checkHeader(path, "Radiance HDR");
    int width = 0;
    int height = 0;
    int channels = 0;
    std::unique_ptr<float, decltype(&stbi_image_free)> data(
        stbi_loadf(path.c_str(), &width, &height, &channels, 3), &stbi_image_free);
    if (!data) {
        throw Error("cannot read " + path + " (" + stbi_failure_reason() + ")");
    }
    return fromInterleaved<float>(data.get(), width, height, [](float v) { return v; });
}

Image readSrgb8(const std::string& path) {
    checkHeader(path, "PNG or JPEG");
    int width = 0;
    int height = 0;
    int channels = 0;
    std::unique_ptr<unsigned char, decltype(&stbi_image_free)> data(
        stbi_load(path.c_str(), &width, &height, &channels, 3), &stbi_image_free);
    if (!data) {
        throw Error("cannot read " + path + " (" + stbi_failure_reason() + ")");
    }
    return fromInterleaved<unsigned char>(data.get(), width, height, [](unsigned char v) {
        return srgbToLinear(static_cast<float>(v) / 255.0f);
    });
}

void writeRadianceHdr(const std::string& path, const Image& image) {
    const std::vector<float> rgb = image.interleaved();
    if (!stbi_write_hdr(path.c_str(), static_cast<int>(image.width), static_cast<int>(image.height),
                        3, rgb.data())) {
        throw Error("cannot write " + path);
    }
}

void writePng(const std::string& path, const Image& image, const ImageWriteOptions& options) {
    const std::vector<unsigned char> rgb = image.interleaved<unsigned char>(
        [&](float value) { return toDisplayByte(value, options.exposure, options.toneMap); });
    writeRgb8Png(path, image.width, image.height, rgb.data());
}

void writeRgb8Png(const std::string& path, std::uint32_t width, std::uint32_t height,
                  const unsigned char* rgb) {
    if (!stbi_write_png(path.c_str(), static_cast<int>(width), static_cast<int>(height), 3, rgb,
                        static_cast<int>(width * 3))) {
        throw Error("cannot write " + path);
    }
}

} // namespace fftbloom::formats
