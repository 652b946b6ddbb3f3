// Reading and writing images by file extension (design.md §4).
//
//   read:  .exr (tinyexr), .hdr (stb_image, RGBE), .pfm, and 8-bit .png / .jpg / .jpeg
//          (sRGB decoded to linear)
//   write: .exr and .pfm keep floats as they are; .hdr is RGBE; .png is 8-bit sRGB after
//          exposure and a tone map (ImageWriteOptions)
//
// Every failure throws fftbloom::Error with one line naming the file. Writes are atomic: the
// image goes to a temporary file beside the target, which is renamed over it only when
// complete, so a failed write never leaves a half-written file.
#pragma once

#include "app/image/image.hpp"
#include "app/image/tone_map.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace fftbloom {

// Images larger than this per side are refused as soon as the header is read.
inline constexpr std::uint32_t kMaxImageSide = 16384;

Image readImage(const std::string& path);

struct ImageWriteOptions {
    float exposure = 0.0f; // EV, for 8-bit outputs only
    ToneMap toneMap = ToneMap::Aces;
};

void writeImage(const std::string& path, const Image& image, const ImageWriteOptions& options = {});

// An 8-bit RGB picture as it is (already display-encoded, e.g. a window screenshot), as .png.
void writePng8(const std::string& path, std::uint32_t width, std::uint32_t height,
               const std::vector<std::uint8_t>& rgb);

// Writes a file through `write` into a temporary file beside `path`, then renames it over
// `path`; on any failure the temporary goes and `path` is untouched. Every writer uses this.
void writeFileAtomically(const std::string& path,
                         const std::function<void(const std::string& temporary)>& write);

// Replaces NaN and infinite pixels by 0; returns how many there were.
std::size_t replaceNonFinitePixels(Image& image);

// The lower-case extension of `path` with its dot (".exr"), or "" if there is none.
std::string extensionOf(const std::string& path);

} // namespace fftbloom
