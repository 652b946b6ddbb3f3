// `fftbloom render` end to end, as a user runs it: a good render, and every kind of bad input
// (design.md §4): one clear line on stderr, a non-zero exit, and no output file (an existing
// one is left as it was).
#include "app/bloom/kernel_prep.hpp"
#include "app/image/image_io.hpp"
#include "tests/support/temporary_folder.hpp"
#include "tests/support/test_images.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <vector>

namespace fftbloom::test {
namespace {

namespace fs = std::filesystem;

struct CommandResult {
    int exitCode = 0;
    std::string out;
    std::string err;
};

class RenderCommand : public ::testing::Test {
  protected:
    void SetUp() override {
        std::mt19937 random(3);
        writeImage(path("image.pfm"), randomHdrImage(37, 22, random));
        writeImage(path("kernel.pfm"), asymmetricKernel(16, random));
    }

    std::string path(const std::string& name) const { return files_.path(name); }
    std::string writeBytes(const std::string& name, const std::string& bytes) const {
        return files_.write(name, bytes);
    }

    static std::string slurp(const std::string& file) {
        std::ifstream in(file);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }

    CommandResult render(const std::string& arguments) const {
        const std::string command = std::string(FFTBLOOM_EXECUTABLE) + " render " + arguments +
                                    " > " + path("stdout.txt") + " 2> " + path("stderr.txt");
        const int status = std::system(command.c_str());
        return {WEXITSTATUS(status), slurp(path("stdout.txt")), slurp(path("stderr.txt"))};
    }

    std::string standardArguments(const std::string& image, const std::string& kernel,
                                  const std::string& out) const {
        return "--image " + image + " --kernel " + kernel + " --out " + out + " --kernel-size 16";
    }

    // Runs `fftbloom bench` on the small image and kernel with `options`; returns the JSON.
    std::string benchJson(const std::string& options) {
        const std::string json = path("bench.json");
        const std::string command = std::string(FFTBLOOM_EXECUTABLE) + " bench --image " +
                                    path("image.pfm") + " --kernel " + path("kernel.pfm") +
                                    " --kernel-size 16 --warmup 1 --copy-mib 4 " + options +
                                    " --json " + json + " > " + path("bench.txt") + " 2>&1";
        EXPECT_EQ(WEXITSTATUS(std::system(command.c_str())), 0) << slurp(path("bench.txt"));
        return slurp(json);
    }

    // The number after every `"key": ` in a JSON text, in order.
    static std::vector<double> numbersAfter(const std::string& text, const std::string& key) {
        const std::string quoted = "\"" + key + "\": ";
        std::vector<double> numbers;
        for (auto at = text.find(quoted); at != std::string::npos; at = text.find(quoted, at + 1)) {
            numbers.push_back(std::stod(text.substr(at + quoted.size())));
        }
        return numbers;
    }

    // A bad input: exit 1, one line on stderr naming the problem, no output file.
    void expectCleanFailure(const std::string& arguments, const std::string& expectedText) {
        const CommandResult run = render(arguments);
        EXPECT_EQ(run.exitCode, 1) << arguments;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        EXPECT_EQ(run.err.rfind("fftbloom: error: ", 0), 0u) << run.err;
        EXPECT_NE(run.err.find(expectedText), std::string::npos) << run.err;
        EXPECT_FALSE(fs::exists(path("out.exr"))) << arguments;
    }

    TemporaryFolder files_{"fftbloom_render"};
};

TEST_F(RenderCommand, RawOutputIsTheBloomAndBlendedOutputMixesIt) {
    const CommandResult raw =
        render(standardArguments(path("image.pfm"), path("kernel.pfm"), path("raw.exr")) +
               " --raw --padding zero");
    ASSERT_EQ(raw.exitCode, 0) << raw.err;
    EXPECT_NE(raw.out.find("wrote"), std::string::npos);
    const CommandResult blended =
        render(standardArguments(path("image.pfm"), path("kernel.pfm"), path("blend.pfm")) +
               " --padding zero --strength 0.25");
    ASSERT_EQ(blended.exitCode, 0) << blended.err;

    const Image image = readImage(path("image.pfm"));
    const Image bloom = readImage(path("raw.exr"));
    const Image result = readImage(path("blend.pfm"));
    for (std::size_t i = 0; i < image.pixels.size(); ++i) {
        const float expected = 0.75f * image.pixels[i] + 0.25f * bloom.pixels[i];
        ASSERT_NEAR(result.pixels[i], expected, 1e-5f * (1.0f + std::abs(expected)));
    }
    const CommandResult png =
        render(standardArguments(path("image.pfm"), path("kernel.pfm"), path("look.png")) +
               " --exposure -2");
    ASSERT_EQ(png.exitCode, 0) << png.err;
    EXPECT_EQ(readImage(path("look.png")).width, 37u);
}

TEST_F(RenderCommand, BadInputsFailCleanly) {
    const std::string kernel = path("kernel.pfm");
    const std::string out = path("out.exr");
    fs::create_directories(path("folder.pfm"));
    Image nanKernel(16, 16);
    nanKernel.at(1, 3, 3) = std::nanf("");
    writeImage(path("nan.pfm"), nanKernel);
    writeImage(path("black.pfm"), Image(16, 16));

    expectCleanFailure(standardArguments(path("missing.exr"), kernel, out), "no such file");
    expectCleanFailure(standardArguments(path("folder.pfm"), kernel, out), "is a directory");
    expectCleanFailure(standardArguments(writeBytes("empty.pfm", ""), kernel, out), "is empty");
    expectCleanFailure(
        standardArguments(writeBytes("short.pfm", "PF\n8 8\n-1.0\n" + std::string(40, 'x')), kernel,
                          out),
        "truncated");
    expectCleanFailure(standardArguments(writeBytes("magic.pfm", "P6\n8 8\n255\nxx"), kernel, out),
                       "not a PFM file");
    expectCleanFailure(
        standardArguments(writeBytes("huge.pfm", "PF\n99999 99999\n-1.0\n" + std::string(99, 'x')),
                          kernel, out),
        "16384");
    expectCleanFailure(standardArguments(path("image.pfm"), path("nan.pfm"), out), "non-finite");
    expectCleanFailure(standardArguments(path("image.pfm"), path("black.pfm"), out),
                       "must be positive");
    expectCleanFailure(standardArguments(path("image.pfm"), kernel, path("no/folder/out.exr")),
                       "does not exist");
    expectCleanFailure(standardArguments(path("image.pfm"), kernel, path("out.tiff")),
                       "cannot write '.tiff'");
    expectCleanFailure(standardArguments(path("image.pfm"), kernel, path("out.png")) + " --raw",
                       "--raw");
    expectCleanFailure("--image " + path("image.pfm") + " --kernel " + kernel + " --out " + out +
                           " --kernel-size 48",
                       "power of two");
    expectCleanFailure(standardArguments(path("image.pfm"), kernel, out) + " --device 42",
                       "--device 42");
}

TEST_F(RenderCommand, AFailedRenderLeavesAnExistingOutputAlone) {
    writeBytes("out.exr", "previous work");
    const CommandResult run =
        render(standardArguments(path("image.pfm"), path("missing-kernel.pfm"), path("out.exr")));
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_EQ(slurp(path("out.exr")), "previous work");
}

// `fftbloom kernel` writes a normalised kernel that `render` then uses; bad settings fail.
TEST_F(RenderCommand, TheKernelCommandWritesAKernelRenderCanUse) {
    const std::string kernel = path("glare.exr");
    const std::string command = std::string(FFTBLOOM_EXECUTABLE) + " kernel --out " + kernel +
                                " --size 64 --blades 5 --dust 3 > " + path("k.txt") + " 2>&1";
    ASSERT_EQ(WEXITSTATUS(std::system(command.c_str())), 0) << slurp(path("k.txt"));
    const Image generated = readImage(kernel);
    EXPECT_EQ(generated.width, 64u);
    EXPECT_NEAR(kernelLuminance(generated), 1.0, 1e-4);
    const CommandResult good = render("--image " + path("image.pfm") + " --kernel " + kernel +
                                      " --out " + path("out.exr") + " --kernel-size 64 --raw");
    EXPECT_EQ(good.exitCode, 0) << good.err;

    for (const char* bad : {" --blades 2", " --size 100", " --airy-radius 0.5"}) {
        const std::string failing = std::string(FFTBLOOM_EXECUTABLE) + " kernel --out " +
                                    path("bad.exr") + bad + " > " + path("k.txt") + " 2>&1";
        EXPECT_EQ(WEXITSTATUS(std::system(failing.c_str())), 1) << bad;
        EXPECT_EQ(slurp(path("k.txt")).rfind("fftbloom: error: ", 0), 0u) << slurp(path("k.txt"));
        EXPECT_FALSE(std::filesystem::exists(path("bad.exr")));
    }
}

// `fftbloom bench` on a small image: both axis orders timed, every figure in the JSON.
TEST_F(RenderCommand, TheBenchCommandTimesBothOrdersAndWritesJson) {
    const std::string text = benchJson("--iterations 3");
    EXPECT_NE(text.find("\"first_axis\": \"y\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"first_axis\": \"x\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"copy_bandwidth_bytes_per_s\""), std::string::npos);
    EXPECT_NE(text.find("\"time_over_floor\""), std::string::npos);
    EXPECT_NE(text.find("\"batches\": 3"), std::string::npos) << text;
    EXPECT_NE(text.find("\"padded\": [64, 64]"), std::string::npos) << text; // 37+15, 22+15
}

// `bench --compare-vkfft`: VkFFT's time, the ratio and VkFFT's error against ours, per row,
// in the table and in the JSON.
TEST_F(RenderCommand, TheBenchCommandComparesWithVkfft) {
    const std::string text = benchJson("--iterations 2 --compare-vkfft");
    EXPECT_NE(slurp(path("bench.txt")).find("ours/vkfft"), std::string::npos);
    const auto errors = numbersAfter(text, "relative_l2_vs_ours");
    EXPECT_EQ(errors.size(), 2u) << text; // y-first and x-first
    for (const double error : errors) {
        EXPECT_LE(error, 1e-5) << text;
    }
    EXPECT_NE(text.find("\"vkfft\": {\"median_ms\": "), std::string::npos) << text;
    EXPECT_NE(text.find("\"min_ms\": "), std::string::npos) << text;
    EXPECT_NE(text.find("\"ours_over_vkfft\": "), std::string::npos) << text;
}

// `bench --precision fp16`: each row says fp16 and its error against the same run in fp32;
// --compare-vkfft still checks VkFFT against our fp32 result and times the fp16 frame.
TEST_F(RenderCommand, TheBenchCommandReportsTheFp16ErrorAgainstFp32) {
    const std::string text = benchJson("--iterations 2 --precision fp16 --compare-vkfft");
    EXPECT_NE(slurp(path("bench.txt")).find("fp16 vs fp32: "), std::string::npos);
    const auto errors = numbersAfter(text, "relative_l2_vs_fp32");
    EXPECT_EQ(errors.size(), 2u) << text;
    for (const double error : errors) {
        EXPECT_GT(error, 1e-6) << text; // fp16 rounding, so really fp16
        EXPECT_LE(error, 2e-3) << text;
    }
    EXPECT_EQ(text.find("\"precision\": \"fp32\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"ours_over_vkfft\": "), std::string::npos) << text;
}

TEST_F(RenderCommand, UsageErrorsExitNonZeroWithAHint) {
    const CommandResult run = render("--image " + path("image.pfm"));
    EXPECT_NE(run.exitCode, 0);
    EXPECT_NE(run.err.find("--kernel is required"), std::string::npos) << run.err;
    const CommandResult badChoice =
        render(standardArguments(path("image.pfm"), path("kernel.pfm"), path("out.exr")) +
               " --padding wrap");
    EXPECT_NE(badChoice.exitCode, 0);
    EXPECT_NE(badChoice.err.find("--padding"), std::string::npos) << badChoice.err;
    const CommandResult badPrecision =
        render(standardArguments(path("image.pfm"), path("kernel.pfm"), path("out.exr")) +
               " --precision fp8");
    EXPECT_NE(badPrecision.exitCode, 0);
    EXPECT_NE(badPrecision.err.find("--precision"), std::string::npos) << badPrecision.err;
}

} // namespace
} // namespace fftbloom::test
