// Image files: round trips through every format fftbloom writes, orientation (y down on
// screen, PFM stored bottom-up), sRGB decoding, and the one-line errors for bad files.
#include "app/image/image_io.hpp"
#include "gpu_fft/vulkan/error.hpp"
#include "tests/support/temporary_folder.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace fftbloom {
namespace {

namespace fs = std::filesystem;

class ImageFiles : public ::testing::Test {
  protected:
    std::string path(const std::string& name) const { return files_.path(name); }
    std::string writeBytes(const std::string& name, const std::string& bytes) const {
        return files_.write(name, bytes);
    }
    // The error readImage throws for `file`; fails if it throws none.
    static std::string readError(const std::string& file) {
        try {
            readImage(file);
        } catch (const Error& error) {
            return error.what();
        }
        ADD_FAILURE() << "no error for " << file;
        return "";
    }

    test::TemporaryFolder files_{"fftbloom_image_io"};
};

Image gradient(std::uint32_t width, std::uint32_t height) {
    Image image(width, height);
    for (std::uint32_t c = 0; c < 3; ++c) {
        for (std::uint32_t y = 0; y < height; ++y) {
            for (std::uint32_t x = 0; x < width; ++x) {
                image.at(c, x, y) = static_cast<float>(x) * 0.5f + static_cast<float>(y) * 10.0f +
                                    static_cast<float>(c) * 0.125f - 1.0f; // negative values too
            }
        }
    }
    return image;
}

TEST_F(ImageFiles, FloatFormatsRoundTripExactly) {
    const Image image = gradient(7, 5);
    for (const char* name : {"a.pfm", "a.exr"}) {
        writeImage(path(name), image);
        const Image back = readImage(path(name));
        ASSERT_EQ(back.width, 7u);
        ASSERT_EQ(back.height, 5u);
        EXPECT_EQ(back.pixels, image.pixels) << name;
    }
}

TEST_F(ImageFiles, PfmScanlinesAreStoredBottomUp) {
    Image image(2, 2);
    image.at(0, 0, 0) = 1.0f; // top-left red
    writeImage(path("b.pfm"), image);
    std::ifstream file(path("b.pfm"), std::ios::binary);
    std::string header;
    std::getline(file, header);
    std::getline(file, header);
    std::getline(file, header);
    float values[12];
    file.read(reinterpret_cast<char*>(values), sizeof(values));
    EXPECT_EQ(values[6], 1.0f); // the second stored row is the top row, its first pixel's R
    EXPECT_EQ(values[0], 0.0f);
}

TEST_F(ImageFiles, RadianceHdrKeepsAboutOnePercent) {
    Image image = gradient(6, 4);
    for (float& value : image.pixels) {
        value = std::abs(value) + 0.01f; // RGBE holds no negative values
    }
    writeImage(path("c.hdr"), image);
    const Image back = readImage(path("c.hdr"));
    for (std::size_t i = 0; i < image.pixels.size(); ++i) {
        EXPECT_NEAR(back.pixels[i], image.pixels[i], 0.01f * image.pixels[i] + 1e-3f);
    }
}

TEST_F(ImageFiles, PngIsToneMappedSrgbAndReadsBackLinear) {
    Image image(3, 1);
    for (std::uint32_t c = 0; c < 3; ++c) {
        image.at(c, 0, 0) = 0.0f;
        image.at(c, 1, 0) = 0.2f;
        image.at(c, 2, 0) = 0.9f;
    }
    ImageWriteOptions options;
    options.toneMap = ToneMap::None;
    writeImage(path("d.png"), image, options);
    const Image back = readImage(path("d.png"));
    EXPECT_NEAR(back.at(1, 0, 0), 0.0f, 1e-6f);
    EXPECT_NEAR(back.at(1, 1, 0), 0.2f, 0.005f);
    EXPECT_NEAR(back.at(1, 2, 0), 0.9f, 0.01f);
    EXPECT_NEAR(srgbToLinear(linearToSrgb(0.5f)), 0.5f, 1e-6f);
}

TEST_F(ImageFiles, BadFilesGiveOneLineErrorsNamingTheFile) {
    fs::create_directories(path("folder.exr"));
    const std::string cases[] = {
        path("missing.exr"),
        path("folder.exr"),
        writeBytes("empty.pfm", ""),
        writeBytes("magic.pfm", "P6\n1 1\n255\nabc"),
        writeBytes("truncated.pfm", "PF\n4 4\n-1.0\n" + std::string(20, '\0')),
        writeBytes("huge.pfm", "PF\n100000 100000\n-1.0\n" + std::string(64, '\0')),
        writeBytes("zero.pfm", "PF\n0 5\n-1.0\n" + std::string(64, '\0')),
        writeBytes("text.exr", "this is not an EXR file at all"),
        writeBytes("text.png", "this is not a PNG file at all"),
        writeBytes("text.hdr", "this is not a Radiance file"),
        writeBytes("image.tiff", "II*\0"),
    };
    for (const std::string& file : cases) {
        const std::string message = readError(file);
        EXPECT_NE(message.find(file), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    EXPECT_NE(readError(path("truncated.pfm")).find("truncated"), std::string::npos);
    EXPECT_NE(readError(path("huge.pfm")).find("16384"), std::string::npos);
}

TEST_F(ImageFiles, AFailedWriteLeavesNoFileAndKeepsTheOldOne) {
    const Image image = gradient(3, 3);
    EXPECT_THROW(writeImage(path("no/such/folder/out.exr"), image), Error);
    EXPECT_THROW(writeImage(path("out.tiff"), image), Error);
    // The target is a folder with a file in it: the rename fails after the image was written.
    fs::create_directories(path("taken.pfm"));
    writeBytes("taken.pfm/inside", "keep me");
    EXPECT_THROW(writeImage(path("taken.pfm"), image), Error);
    EXPECT_TRUE(fs::is_directory(path("taken.pfm")));
    for (const auto& entry : fs::directory_iterator(files_.folder())) {
        EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos)
            << "temporary file left behind: " << entry.path();
    }
}

TEST(ImageHelpers, NonFinitePixelsBecomeZero) {
    Image image(2, 1);
    image.pixels[0] = std::nanf("");
    image.pixels[1] = INFINITY;
    image.pixels[2] = 3.0f;
    EXPECT_EQ(replaceNonFinitePixels(image), 2u);
    EXPECT_EQ(image.pixels[0], 0.0f);
    EXPECT_EQ(image.pixels[2], 3.0f);
}

} // namespace
} // namespace fftbloom
