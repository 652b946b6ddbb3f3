// One function pair per file format, used by image_io.cpp. Readers take a path that is known
// to exist, be a regular file and be non-empty; writers write exactly to the path given (the
// caller makes it a temporary file and renames it).
#pragma once

#include "app/image/image.hpp"
#include "app/image/image_io.hpp"

#include <string>

namespace fftbloom::formats {

Image readPfm(const std::string& path);
void writePfm(const std::string& path, const Image& image);

Image readExr(const std::string& path);
void writeExr(const std::string& path, const Image& image);

Image readRadianceHdr(const std::string& path);
void writeRadianceHdr(const std::string& path, const Image& image);

Image readSrgb8(const std::string& path); // .png, .jpg: sRGB decoded to linear
void writePng(const std::string& path, const Image& image, const ImageWriteOptions& options);
void writeRgb8Png(const std::string& path, std::uint32_t width, std::uint32_t height,
                  const unsigned char* rgb);

// Throws unless 1 <= width, height <= kMaxImageSide.
void checkDimensions(const std::string& path, long long width, long long height);

} // namespace fftbloom::formats
