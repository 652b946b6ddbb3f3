// OpenEXR through tinyexr (Debian's libtinyexr): RGB(A) half or float in, 32-bit float RGB out.
#include "app/image/formats.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <cstdlib>
#include <memory>
#include <tinyexr.h>

namespace fftbloom::formats {
namespace {

[[noreturn]] void throwExrError(const std::string& what, const char* message) {
    std::string text = what + (message ? std::string(": ") + message : std::string());
    if (message) {
        FreeEXRErrorMessage(message);
    }
    throw Error(text);
}

// Reads the header alone, to refuse absurd sizes before tinyexr allocates for them.
void checkHeader(const std::string& path) {
    EXRVersion version;
    if (ParseEXRVersionFromFile(&version, path.c_str()) != TINYEXR_SUCCESS) {
        throw Error(path + " is not an OpenEXR file");
    }
    if (version.multipart || version.non_image) {
        throw Error(path + ": multi-part and deep OpenEXR files are not supported");
    }
    EXRHeader header;
    InitEXRHeader(&header);
    const char* message = nullptr;
    if (ParseEXRHeaderFromFile(&header, &version, path.c_str(), &message) != TINYEXR_SUCCESS) {
        throwExrError(path + " has an unreadable OpenEXR header", message);
    }
    const long long width =
        static_cast<long long>(header.data_window.max_x) - header.data_window.min_x + 1;
    const long long height =
        static_cast<long long>(header.data_window.max_y) - header.data_window.min_y + 1;
    FreeEXRHeader(&header);
    checkDimensions(path, width, height);
}

} // namespace

Image readExr(const std::string& path) {
    checkHeader(path);
    float* rgba = nullptr;
    int width = 0;
    int height = 0;
    const char* message = nullptr;
    if (LoadEXR(&rgba, &width, &height, path.c_str(), &message) != TINYEXR_SUCCESS) {
        throwExrError("cannot read " + path, message);
    }
    const std::unique_ptr<float, decltype(&std::free)> owned(rgba, &std::free);
    checkDimensions(path, width, height);
    Image image(static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height));
    for (std::uint32_t y = 0; y < image.height; ++y) {
        for (std::uint32_t x = 0; x < image.width; ++x) {
            const float* pixel = rgba + 4 * (std::size_t{y} * image.width + x);
            for (std::uint32_t c = 0; c < 3; ++c) {
                image.at(c, x, y) = pixel[c];
            }
        }
    }
    return image;
}

void writeExr(const std::string& path, const Image& image) {
    const std::vector<float> rgb = image.interleaved();
    const char* message = nullptr;
    if (SaveEXR(rgb.data(), static_cast<int>(image.width), static_cast<int>(image.height), 3, 0,
                path.c_str(), &message) != TINYEXR_SUCCESS) {
        throwExrError("cannot write " + path, message);
    }
}

} // namespace fftbloom::formats
