#include "app/image/image_io.hpp"

#include "app/image/formats.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <random>
#include <system_error>

namespace fftbloom {
namespace fs = std::filesystem;

namespace {

// Missing, a directory, or empty: the clear one-line errors before any format looks at it.
void checkReadable(const std::string& path) {
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (!fs::exists(status)) {
        throw Error(path + ": no such file");
    }
    if (fs::is_directory(status)) {
        throw Error(path + " is a directory, not an image");
    }
    if (fs::file_size(path, error) == 0 || error) {
        throw Error(path + " is empty");
    }
}

} // namespace

void writeFileAtomically(const std::string& path,
                         const std::function<void(const std::string&)>& write) {
    const fs::path target(path);
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code error;
    if (!fs::is_directory(folder, error)) {
        throw Error("cannot write " + path + ": folder " + folder.string() + " does not exist");
    }
    // Appended piece by piece: GCC 12 at -O3 reports a false -Wrestrict for "." + string.
    std::string hiddenName = ".";
    hiddenName += target.filename().string();
    hiddenName += ".tmp" + std::to_string(std::random_device{}());
    const std::string temporary = (folder / hiddenName).string();
    try {
        write(temporary);
        fs::rename(temporary, target);
    } catch (const fs::filesystem_error& failure) {
        fs::remove(temporary, error);
        throw Error("cannot write " + path + ": " + failure.code().message());
    } catch (...) {
        fs::remove(temporary, error);
        throw;
    }
}

std::string extensionOf(const std::string& path) {
    std::string extension = fs::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

namespace formats {
void checkDimensions(const std::string& path, long long width, long long height) {
    if (width < 1 || height < 1) {
        throw Error(path + " has an invalid size " + std::to_string(width) + "x" +
                    std::to_string(height));
    }
    if (width > kMaxImageSide || height > kMaxImageSide) {
        throw Error(path + " is " + std::to_string(width) + "x" + std::to_string(height) +
                    ", larger than the " + std::to_string(kMaxImageSide) +
                    " pixels per side fftbloom accepts");
    }
}
} // namespace formats

Image readImage(const std::string& path) {
    checkReadable(path);
    const std::string extension = extensionOf(path);
    if (extension == ".exr") {
        return formats::readExr(path);
    }
    if (extension == ".pfm") {
        return formats::readPfm(path);
    }
    if (extension == ".hdr") {
        return formats::readRadianceHdr(path);
    }
    if (extension == ".png" || extension == ".jpg" || extension == ".jpeg") {
        return formats::readSrgb8(path);
    }
    throw Error(path + ": unsupported image type '" + extension +
                "' (use .exr, .hdr, .pfm, .png or .jpg)");
}

void writeImage(const std::string& path, const Image& image, const ImageWriteOptions& options) {
    const std::string extension = extensionOf(path);
    std::function<void(const std::string&)> write;
    if (extension == ".exr") {
        write = [&](const std::string& file) { formats::writeExr(file, image); };
    } else if (extension == ".pfm") {
        write = [&](const std::string& file) { formats::writePfm(file, image); };
    } else if (extension == ".hdr") {
        write = [&](const std::string& file) { formats::writeRadianceHdr(file, image); };
    } else if (extension == ".png") {
        write = [&](const std::string& file) { formats::writePng(file, image, options); };
    } else {
        throw Error(path + ": cannot write '" + extension +
                    "' files (use .exr, .pfm, .hdr or .png)");
    }
    writeFileAtomically(path, write);
}

void writePng8(const std::string& path, std::uint32_t width, std::uint32_t height,
               const std::vector<std::uint8_t>& rgb) {
    if (extensionOf(path) != ".png") {
        throw Error(path + ": screenshots are written as .png");
    }
    writeFileAtomically(path, [&](const std::string& file) {
        formats::writeRgb8Png(file, width, height, rgb.data());
    });
}

std::size_t replaceNonFinitePixels(Image& image) {
    std::size_t replaced = 0;
    for (float& value : image.pixels) {
        if (!std::isfinite(value)) {
            value = 0.0f;
            ++replaced;
        }
    }
    return replaced;
}

} // namespace fftbloom
