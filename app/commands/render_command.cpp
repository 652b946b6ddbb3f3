#include "app/commands/render_command.hpp"

#include "app/bloom/bloom_engine.hpp"
#include "app/bloom/kernel_prep.hpp"
#include "app/image/image_io.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <cmath>
#include <cstdio>

namespace fftbloom {
namespace {

// Fails before any work is done when the output could not be written anyway.
void checkOutput(const RenderOptions& options) {
    const std::string extension = extensionOf(options.outputPath);
    const bool isFloat = extension == ".pfm" || extension == ".exr";
    if (options.raw && !isFloat) {
        throw Error("--raw writes the bloom itself as floats: use a .pfm or .exr output, not '" +
                    extension + "'");
    }
    if (!isFloat && extension != ".hdr" && extension != ".png") {
        throw Error(options.outputPath + ": cannot write '" + extension +
                    "' files (use .exr, .pfm, .hdr or .png)");
    }
}

Image loadImage(const std::string& path) {
    Image image = readImage(path);
    if (const std::size_t replaced = replaceNonFinitePixels(image)) {
        std::fprintf(stderr, "fftbloom: warning: %s has %zu non-finite values; they count as 0\n",
                     path.c_str(), replaced);
    }
    return image;
}

// R = (1 - a) I + a O (design.md §2.7).
Image blend(const Image& image, const Image& bloom, float strength) {
    Image result = image;
    for (std::size_t i = 0; i < result.pixels.size(); ++i) {
        result.pixels[i] = (1.0f - strength) * image.pixels[i] + strength * bloom.pixels[i];
    }
    return result;
}

} // namespace

CLI::App* addRenderCommand(CLI::App& app, RenderOptions& options) {
    CLI::App* command = app.add_subcommand(
        "render", "Bloom one image with a kernel and write the result (float or tone-mapped)");
    command->add_option("--image", options.imagePath, "HDR image: .exr, .hdr, .pfm, .png, .jpg")
        ->required();
    command->add_option("--kernel", options.kernelPath, "Kernel (point-spread function) image")
        ->required();
    command
        ->add_option("--out", options.outputPath,
                     "Output: .exr / .pfm (floats), .hdr (RGBE), .png (tone-mapped 8-bit)")
        ->required();
    addConvolutionOptions(*command, options.convolution);
    command->add_option("--strength", options.strength, "Bloom strength a in R = (1-a) I + a O")
        ->check(CLI::Range(0.0f, 1.0f))
        ->capture_default_str();
    command->add_option("--exposure", options.exposure, "Exposure in EV, for .png only")
        ->capture_default_str();
    command->add_option("--tone-map", options.toneMap, "Tone map for .png: aces, reinhard, none")
        ->check(CLI::IsMember({"aces", "reinhard", "none"}))
        ->capture_default_str();
    command->add_flag("--raw", options.raw,
                      "Write the convolution O itself (floats; no strength, exposure, tone map)");
    command->footer("Images and kernels up to " + std::to_string(kMaxImageSide) +
                    " pixels per side; the padded size (side + K - 1, rounded up to a power of "
                    "two) must be at most " +
                    std::to_string(kMaxPaddedSide) + ".");
    return command;
}

int runRender(const RenderOptions& options) {
    checkOutput(options);
    if (!std::isfinite(options.exposure)) {
        throw Error("--exposure must be a finite number");
    }
    const ConvolutionSettings settings = options.convolution.settings();
    const Image image = loadImage(options.imagePath);
    const Image kernel = normalizeKernel(
        fitKernel(readImage(options.kernelPath), settings.kernelSize), options.kernelPath);

    vk::ContextOptions contextOptions;
    contextOptions.deviceIndex = options.convolution.deviceIndex;
    const vk::Context context(contextOptions);
    vk::ShaderCompiler compiler;
    BloomEngine engine(context, compiler);
    engine.setKernel(kernel);
    const Image bloom = engine.convolve(image, settings);

    ImageWriteOptions writeOptions;
    writeOptions.exposure = options.exposure;
    writeOptions.toneMap = parseToneMap(options.toneMap);
    writeImage(options.outputPath, options.raw ? bloom : blend(image, bloom, options.strength),
               writeOptions);
    const auto& layout = engine.layout();
    std::printf("wrote %s: %ux%u, kernel %u, padded %ux%u, %s first, %s spectrum, %s padding%s\n",
                options.outputPath.c_str(), image.width, image.height, settings.kernelSize,
                layout.paddedWidth, layout.paddedHeight,
                layout.firstAxis == gpu_fft::Axis::Y ? "y" : "x", nameOf(settings.spectrum),
                nameOf(settings.padding), options.raw ? ", raw" : "");
    return 0;
}

} // namespace fftbloom
