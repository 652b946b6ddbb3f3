#include "app/commands/bench_command.hpp"

#include "app/bench/bench.hpp"
#include "app/bench/vkfft_convolution.hpp"
#include "app/bloom/kernel_prep.hpp"
#include "app/image/image_io.hpp"
#include "app/kernel/glare_kernel.hpp"
#include "app/viewer/default_scene.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

namespace fftbloom {
namespace {

struct Case {
    std::uint32_t width;
    std::uint32_t height;
    std::uint32_t kernelSize;
};

// The matrix of issue 5: the sizes the reference and VkFFT figures are quoted for.
const Case kPreset[] = {{1280, 720, 256}, {1280, 720, 512}, {1920, 1080, 256}, {3840, 2160, 512}};

Image kernelFor(const BenchOptions& options, std::uint32_t kernelSize) {
    if (!options.kernelPath.empty()) {
        return normalizeKernel(fitKernel(readImage(options.kernelPath), kernelSize),
                               options.kernelPath);
    }
    GlareSettings glare;
    glare.size = kernelSize;
    return generateGlareKernel(glare);
}

void printRow(const BenchResult& result, double bandwidth) {
    const double floorMs =
        (result.passBytes[0] + result.passBytes[1] + result.passBytes[2]) / bandwidth * 1e3;
    std::printf("%5ux%-5u %5u  %s   %8.3f %8.3f %8.3f   %8.3f (%8.3f)   %8.3f   %6.2f",
                result.width, result.height, result.settings.kernelSize,
                result.layout.firstAxis == gpu_fft::Axis::Y ? "y" : "x", result.passes[0].medianMs,
                result.passes[1].medianMs, result.passes[2].medianMs, result.frame.medianMs,
                result.frame.minMs, floorMs, result.frame.medianMs / floorMs);
    if (result.vkfft) {
        std::printf("   %8.3f   %6.2f    %.1e", result.vkfft->frame.medianMs,
                    result.frame.medianMs / result.vkfft->frame.medianMs, result.vkfft->relativeL2);
    }
    if (result.relativeL2VsFp32) {
        std::printf("   %s vs fp32: %.1e", nameOf(result.settings.precision),
                    *result.relativeL2VsFp32);
    }
    std::printf("\n");
    std::fflush(stdout);
}

std::string toJson(const std::vector<BenchResult>& results, const std::string& device,
                   double bandwidth, const BenchOptions& options) {
    std::ostringstream json;
    json.precision(6);
    json << "{\n  \"device\": \"" << device
         << "\",\n  \"copy_bandwidth_bytes_per_s\": " << bandwidth
         << ",\n  \"iterations\": " << options.iterations << ",\n  \"warmup\": " << options.warmup
         << ",\n  \"batches\": " << kTimedBatches
         << ",\n  \"results\": [\n";
    for (std::size_t i = 0; i < results.size(); ++i) {
        const BenchResult& r = results[i];
        double bytes = 0;
        json << "    {\"width\": " << r.width << ", \"height\": " << r.height
             << ", \"kernel_size\": " << r.settings.kernelSize << ", \"first_axis\": \""
             << (r.layout.firstAxis == gpu_fft::Axis::Y ? "y" : "x") << "\", \"padding\": \""
             << nameOf(r.settings.padding) << "\", \"spectrum\": \"" << nameOf(r.settings.spectrum)
             << "\", \"precision\": \"" << nameOf(r.settings.precision) << "\", \"padded\": ["
             << r.layout.paddedWidth << ", " << r.layout.paddedHeight << "], \"passes\": [";
        for (std::size_t p = 0; p < kPassCount; ++p) {
            bytes += r.passBytes[p];
            json << (p ? ", " : "") << "{\"median_ms\": " << r.passes[p].medianMs
                 << ", \"min_ms\": " << r.passes[p].minMs << ", \"bytes\": " << r.passBytes[p]
                 << ", \"time_over_floor\": "
                 << r.passes[p].medianMs / (r.passBytes[p] / bandwidth * 1e3) << "}";
        }
        json << "], \"frame\": {\"median_ms\": " << r.frame.medianMs
             << ", \"min_ms\": " << r.frame.minMs << ", \"bytes\": " << bytes
             << ", \"time_over_floor\": " << r.frame.medianMs / (bytes / bandwidth * 1e3) << "}";
        if (r.relativeL2VsFp32) {
            json << ", \"relative_l2_vs_fp32\": " << *r.relativeL2VsFp32;
        }
        if (r.vkfft) {
            json << ", \"vkfft\": {\"median_ms\": " << r.vkfft->frame.medianMs
                 << ", \"min_ms\": " << r.vkfft->frame.minMs
                 << ", \"relative_l2_vs_ours\": " << r.vkfft->relativeL2
                 << "}, \"ours_over_vkfft\": " << r.frame.medianMs / r.vkfft->frame.medianMs;
        }
        json << "}" << (i + 1 < results.size() ? "," : "") << "\n";
    }
    json << "  ]\n}\n";
    return json.str();
}

} // namespace

CLI::App* addBenchCommand(CLI::App& app, BenchOptions& options) {
    CLI::App* command = app.add_subcommand(
        "bench", "Time the bloom per pass on this GPU against its measured copy bandwidth");
    command->add_option("--image", options.imagePath, "Image to convolve (or use --preset)");
    command->add_option("--kernel", options.kernelPath, "Kernel (default: the generated glare)");
    addConvolutionOptions(*command, options.convolution);
    command->add_option("--iterations", options.iterations, "Timed runs per configuration")
        ->capture_default_str();
    command->add_option("--warmup", options.warmup, "Untimed runs first")->capture_default_str();
    command->add_option("--json", options.jsonPath, "Write every figure as JSON");
    command->add_flag("--preset", options.preset,
                      "The matrix 1280x720 K=256 and 512, 1920x1080 K=256, 3840x2160 K=512, both "
                      "axis orders (generated images)");
    command->add_option("--copy-mib", options.copyMebibytes, "Size of the bandwidth copy")
        ->capture_default_str();
    command->add_flag("--compare-vkfft", options.compareVkfft,
                      "Also time VkFFT's convolution (zero padding, exact spectrum) on the same "
                      "device, after checking it against ours");
    command->footer("Times are GPU timestamps: median (and minimum) of --iterations runs, in the "
                    "quietest of 3 batches, after the clocks have ramped up. "
                    "floor = the bytes each pass must read and write / the copy bandwidth. "
                    "--compare-vkfft: rel. L2 = VkFFT's O against ours in zero / exact mode.");
    return command;
}

int runBench(const BenchOptions& options) {
    if (!options.preset && options.imagePath.empty()) {
        throw Error("bench needs --image F or --preset");
    }
    if (options.iterations == 0) {
        throw Error("--iterations must be at least 1");
    }
    const ConvolutionSettings base = options.convolution.settings();
    vk::ContextOptions contextOptions;
    contextOptions.deviceIndex = options.convolution.deviceIndex;
    contextOptions.validation = false; // the layer would be timed too
    const vk::Context context(contextOptions);
    vk::ShaderCompiler compiler;
    const VkDeviceSize copyBytes = VkDeviceSize{options.copyMebibytes} << 20;
    const double bandwidth = measureCopyBandwidth(context, compiler, copyBytes, 10);
    std::printf("%s: compute copy %.3f TB/s (read + written)\n", context.info().name.c_str(),
                bandwidth * 1e-12);
    std::printf("   image      K  order  pass 1   pass 2   pass 3 ms   frame ms (min)     "
                "floor ms   frame/floor%s\n",
                options.compareVkfft ? "   vkfft ms   ours/vkfft  rel. L2" : "");

    std::vector<Case> cases;
    Image given;
    if (options.preset) {
        cases.assign(std::begin(kPreset), std::end(kPreset));
    } else {
        given = readImage(options.imagePath);
        replaceNonFinitePixels(given);
        cases.push_back({given.width, given.height, base.kernelSize});
    }
    std::vector<BenchResult> results;
    for (const Case& c : cases) {
        const Image image = options.preset ? generatedHdrScene(c.width, c.height) : given;
        BloomEngine engine(context, compiler);
        const Image kernel = kernelFor(options, c.kernelSize);
        engine.setKernel(kernel);
        std::unique_ptr<VkfftConvolution> vkfft;
        if (options.compareVkfft) {
            vkfft = std::make_unique<VkfftConvolution>(context, kernel, c.width, c.height);
        }
        std::vector<AxisOrder> orders{base.axisOrder};
        if (options.preset || base.axisOrder == AxisOrder::Auto) {
            orders = {AxisOrder::YFirst, AxisOrder::XFirst};
        }
        for (AxisOrder order : orders) {
            ConvolutionSettings settings = base;
            settings.kernelSize = c.kernelSize;
            settings.axisOrder = order;
            results.push_back(
                benchConvolution(engine, image, settings, options.iterations, options.warmup));
            if (vkfft) {
                results.back().vkfft = compareWithVkfft(engine, *vkfft, image, settings,
                                                        options.iterations, options.warmup);
            }
            printRow(results.back(), bandwidth);
        }
    }
    if (!options.jsonPath.empty()) {
        const std::string json = toJson(results, context.info().name, bandwidth, options);
        writeFileAtomically(options.jsonPath, [&](const std::string& file) {
            std::ofstream out(file);
            out << json;
            if (!out.flush()) {
                throw Error("cannot write " + options.jsonPath);
            }
        });
    }
    return 0;
}

} // namespace fftbloom
