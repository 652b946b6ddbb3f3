#include "app/bench/bench.hpp"

#include "app/bloom/bloom_passes.hpp"
#include "app/bloom/pipeline_cache.hpp"
#include "gpu_fft/vulkan/barriers.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace fftbloom {

BenchTiming summarizeTimings(std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    return {samples[samples.size() / 2], samples.front()};
}

std::array<double, kPassCount> passBytesFloor(const gpu_fft::ConvolutionLayout& layout,
                                              Precision precision) {
    constexpr double kChannels = 3;
    const double complex = complexBytes(precision);
    const double planes = kChannels * layout.imageWidth * layout.imageHeight * 4; // floats
    const double spectrum = kChannels * static_cast<double>(layout.spectrumElements()) * complex;
    const double kernel = kChannels * (layout.firstAxisLength() / 2 + 1) *
                          static_cast<double>(layout.secondAxisLength()) * complex;
    return {planes + spectrum,     // pass 1: image in, half spectra out
            2 * spectrum + kernel, // pass 2: spectra in and out, kernel spectrum in
            spectrum + planes};    // pass 3: spectra in, bloom out
}

double relativeL2(const Image& actual, const Image& expected) {
    double difference = 0;
    double norm = 0;
    for (std::size_t i = 0; i < expected.pixels.size(); ++i) {
        const double d = double{actual.pixels[i]} - double{expected.pixels[i]};
        difference += d * d;
        norm += double{expected.pixels[i]} * expected.pixels[i];
    }
    if (norm == 0) {
        return difference == 0 ? 0 : std::numeric_limits<double>::infinity();
    }
    return std::sqrt(difference / norm);
}

void rampUpClocks(const vk::Context& context, const std::function<void(VkCommandBuffer)>& record) {
    constexpr int kMaxRounds = 50; // bounds the time on a slow software device
    const auto start = std::chrono::steady_clock::now();
    for (int round = 0;
         round < kMaxRounds && std::chrono::steady_clock::now() - start < kClockRampUp; ++round) {
        context.runOnce(record);
    }
}

std::vector<BenchTiming> timeRuns(const vk::Context& context, std::uint32_t intervalsPerRun,
                                  std::uint32_t keyInterval, std::uint32_t iterations,
                                  std::uint32_t warmup, const TimedRun& record) {
    const std::uint32_t runs = iterations + warmup;
    const vk::TimestampQueries queries(context, runs * intervalsPerRun);
    auto recordRuns = [&](VkCommandBuffer commandBuffer, const vk::TimestampQueries* timed) {
        vk::earlierWritesToComputeBarrier(commandBuffer);
        for (std::uint32_t run = 0; run < runs; ++run) {
            record(commandBuffer, timed, run * intervalsPerRun);
        }
    };
    rampUpClocks(context,
                 [&](VkCommandBuffer commandBuffer) { recordRuns(commandBuffer, nullptr); });
    std::vector<BenchTiming> quietest;
    for (std::uint32_t batch = 0; batch < kTimedBatches; ++batch) {
        context.runOnce([&](VkCommandBuffer commandBuffer) {
            queries.reset(commandBuffer);
            recordRuns(commandBuffer, &queries);
        });
        const auto milliseconds = queries.readMilliseconds();
        std::vector<BenchTiming> timings;
        for (std::uint32_t interval = 0; interval < intervalsPerRun; ++interval) {
            std::vector<double> samples;
            for (std::uint32_t run = warmup; run < runs; ++run) {
                const auto& value = milliseconds[run * intervalsPerRun + interval];
                if (!value) {
                    throw Error("a timestamp was not written");
                }
                samples.push_back(*value);
            }
            timings.push_back(summarizeTimings(std::move(samples)));
        }
        if (quietest.empty() || timings[keyInterval].medianMs < quietest[keyInterval].medianMs) {
            quietest = std::move(timings);
        }
    }
    return quietest;
}

BenchResult benchConvolution(BloomEngine& engine, const Image& image,
                             const ConvolutionSettings& settings, std::uint32_t iterations,
                             std::uint32_t warmup) {
    engine.prepare(image.width, image.height, settings);
    engine.uploadImage(image);
    constexpr std::uint32_t kPerRun = kPassCount + 1; // the passes, then the whole frame
    const auto timings = timeRuns(engine.context(), kPerRun, kPassCount, iterations, warmup,
                                  [&](VkCommandBuffer commandBuffer,
                                      const vk::TimestampQueries* queries, std::uint32_t first) {
                                      if (queries) {
                                          queries->begin(commandBuffer, first + kPassCount);
                                      }
                                      engine.recordConvolution(commandBuffer, queries, first);
                                      if (queries) {
                                          queries->end(commandBuffer, first + kPassCount);
                                      }
                                      vk::computeToComputeBarrier(
                                          commandBuffer); // the next run overwrites this one's
                                  });
    BenchResult result;
    result.width = image.width;
    result.height = image.height;
    result.settings = settings;
    result.layout = engine.layout();
    result.passBytes = passBytesFloor(result.layout, settings.precision);
    std::copy_n(timings.begin(), kPassCount, result.passes.begin());
    result.frame = timings[kPassCount];
    if (settings.precision != Precision::Fp32) {
        const Image reduced = engine.downloadResult();
        ConvolutionSettings fp32 = settings;
        fp32.precision = Precision::Fp32;
        result.relativeL2VsFp32 = relativeL2(reduced, engine.convolve(image, fp32));
    }
    return result;
}

double measureCopyBandwidth(const vk::Context& context, vk::ShaderCompiler& compiler,
                            VkDeviceSize bytes, std::uint32_t repeats) {
    PipelineCache pipelines(context, compiler);
    const auto& copy = pipelines.plain("bench/copy.comp", 2, 0);
    const vk::Buffer source = vk::deviceStorageBuffer(context, bytes, "copy source");
    const vk::Buffer destination = vk::deviceStorageBuffer(context, bytes, "copy destination");
    const vk::TimestampQueries queries(context, repeats);
    const VkDeviceSize groups = bytes / 16 / 256;
    const auto groupsX = static_cast<std::uint32_t>(std::min<VkDeviceSize>(groups, 65535));
    const auto groupsY = static_cast<std::uint32_t>((groups + groupsX - 1) / groupsX);
    auto recordCopies = [&](VkCommandBuffer commandBuffer, const vk::TimestampQueries* timed) {
        for (std::uint32_t i = 0; i < repeats; ++i) {
            if (timed) {
                timed->begin(commandBuffer, i);
            }
            copy.bind(commandBuffer, {&source, &destination});
            vkCmdDispatch(commandBuffer, groupsX, groupsY, 1);
            if (timed) {
                timed->end(commandBuffer, i);
            }
            vk::computeToComputeBarrier(commandBuffer);
        }
    };
    context.runOnce([&](VkCommandBuffer commandBuffer) {
        vkCmdFillBuffer(commandBuffer, source.handle(), 0, VK_WHOLE_SIZE, 0x3f800000u);
    });
    rampUpClocks(context, [&](VkCommandBuffer commandBuffer) {
        vk::transferToComputeBarrier(commandBuffer);
        recordCopies(commandBuffer, nullptr);
    });
    context.runOnce([&](VkCommandBuffer commandBuffer) {
        queries.reset(commandBuffer);
        vk::transferToComputeBarrier(commandBuffer);
        recordCopies(commandBuffer, &queries);
    });
    double best = 1e300;
    for (const auto& value : queries.readMilliseconds()) {
        if (value) {
            best = std::min(best, *value);
        }
    }
    return 2.0 * static_cast<double>(bytes) / (best * 1e-3);
}

} // namespace fftbloom
