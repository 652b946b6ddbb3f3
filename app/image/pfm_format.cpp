// Portable Float Map: "PF" (RGB) or "Pf" (grey), width and height, a scale whose sign gives the
// byte order (negative: little-endian), then 32-bit floats, scanlines from the bottom up.
#include "app/image/formats.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <bit>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <vector>

namespace fftbloom::formats {
namespace {

std::vector<char> readAll(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        throw Error("cannot open " + path);
    }
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// Reads one whitespace-delimited token of the header starting at `position`.
std::string headerToken(const std::vector<char>& bytes, std::size_t& position) {
    while (position < bytes.size() && std::isspace(static_cast<unsigned char>(bytes[position]))) {
        ++position;
    }
    std::string token;
    while (position < bytes.size() && !std::isspace(static_cast<unsigned char>(bytes[position])) &&
           token.size() < 32) {
        token += bytes[position++];
    }
    return token;
}

long long parseInteger(const std::string& token, const std::string& path) {
    std::size_t used = 0;
    long long value = 0;
    try {
        value = std::stoll(token, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != token.size()) {
        throw Error(path + " is not a valid PFM file (bad size '" + token + "')");
    }
    return value;
}

float decodeFloat(const char* bytes, bool littleEndian) {
    std::uint32_t bits;
    std::memcpy(&bits, bytes, 4);
    if (littleEndian != (std::endian::native == std::endian::little)) {
        bits = __builtin_bswap32(bits);
    }
    return std::bit_cast<float>(bits);
}

} // namespace

Image readPfm(const std::string& path) {
    const std::vector<char> bytes = readAll(path);
    std::size_t position = 0;
    const std::string magic = headerToken(bytes, position);
    if (magic != "PF" && magic != "Pf") {
        throw Error(path + " is not a PFM file (it does not start with PF or Pf)");
    }
    const std::uint32_t channels = magic == "PF" ? 3 : 1;
    const long long width = parseInteger(headerToken(bytes, position), path);
    const long long height = parseInteger(headerToken(bytes, position), path);
    checkDimensions(path, width, height);
    const std::string scaleToken = headerToken(bytes, position);
    double scale = 0;
    try {
        scale = std::stod(scaleToken);
    } catch (const std::exception&) {
        scale = 0;
    }
    if (scale == 0 || position >= bytes.size()) {
        throw Error(path + " is not a valid PFM file (bad scale '" + scaleToken + "')");
    }
    ++position; // the single whitespace character that ends the header
    const std::size_t count = static_cast<std::size_t>(width * height) * channels;
    if (bytes.size() - position < count * 4) {
        throw Error(path + " is truncated (" + std::to_string(bytes.size() - position) +
                    " bytes of pixel data, " + std::to_string(count * 4) + " expected)");
    }
    Image image(static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height));
    const char* data = bytes.data() + position;
    for (std::uint32_t row = 0; row < image.height; ++row) {
        const std::uint32_t y = image.height - 1 - row; // stored bottom-up
        for (std::uint32_t x = 0; x < image.width; ++x) {
            for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
                const std::size_t at =
                    (std::size_t{row} * image.width + x) * channels + (channels == 3 ? c : 0);
                image.at(c, x, y) = decodeFloat(data + 4 * at, scale < 0);
            }
        }
    }
    return image;
}

void writePfm(const std::string& path, const Image& image) {
    std::ofstream file(path, std::ios::binary);
    file << "PF\n" << image.width << ' ' << image.height << "\n-1.0\n";
    std::vector<float> row(std::size_t{image.width} * 3);
    for (std::uint32_t stored = 0; stored < image.height; ++stored) {
        const std::uint32_t y = image.height - 1 - stored;
        for (std::uint32_t x = 0; x < image.width; ++x) {
            for (std::uint32_t c = 0; c < 3; ++c) {
                row[std::size_t{x} * 3 + c] = image.at(c, x, y);
            }
        }
        static_assert(std::endian::native == std::endian::little, "PFM writer assumes LE");
        file.write(reinterpret_cast<const char*>(row.data()),
                   static_cast<std::streamsize>(row.size() * sizeof(float)));
    }
    if (!file.flush()) {
        throw Error("cannot write " + path);
    }
}

} // namespace fftbloom::formats
