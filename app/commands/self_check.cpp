#include "app/commands/self_check.hpp"

#include "gpu_fft/fft/batch_fft.hpp"
#include "gpu_fft/fft/index_math.hpp"

#include <cmath>
#include <complex>
#include <cstdio>
#include <numbers>
#include <random>
#include <vector>

namespace fftbloom {
namespace {

using Complex = std::complex<double>;
constexpr double kTolerance = 2e-6; // relative L2, as the test suite demands

// A textbook recursive radix-2 FFT in double precision: slow, short and obviously right.
void referenceFft(std::vector<Complex>& x) {
    const std::size_t n = x.size();
    if (n == 1) {
        return;
    }
    std::vector<Complex> even(n / 2), odd(n / 2);
    for (std::size_t i = 0; i < n / 2; ++i) {
        even[i] = x[2 * i];
        odd[i] = x[2 * i + 1];
    }
    referenceFft(even);
    referenceFft(odd);
    for (std::size_t k = 0; k < n / 2; ++k) {
        const double angle =
            -2.0 * std::numbers::pi * static_cast<double>(k) / static_cast<double>(n);
        const Complex twiddled = std::polar(1.0, angle) * odd[k];
        x[k] = even[k] + twiddled;
        x[k + n / 2] = even[k] - twiddled;
    }
}

double relativeError(const std::vector<Complex>& actual, const std::vector<Complex>& expected) {
    double difference = 0, norm = 0;
    for (std::size_t i = 0; i < actual.size(); ++i) {
        difference += std::norm(actual[i] - expected[i]);
        norm += std::norm(expected[i]);
    }
    return std::sqrt(difference / norm);
}

struct LengthResult {
    double forwardError = 0;
    double roundTripError = 0;
};

LengthResult checkLength(const vk::Context& context, vk::ShaderCompiler& compiler,
                         const gpu_fft::FftShape& shape, std::mt19937& random) {
    const std::uint32_t n = shape.size();
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> signal(2 * n);
    for (float& value : signal) {
        value = uniform(random);
    }
    vk::Buffer buffer(context, signal.size() * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                      vk::MemoryUse::HostVisible, "self-check signal");
    buffer.writeValues(std::span<const float>(signal));

    const gpu_fft::BatchFft forward(context, compiler, shape, gpu_fft::Direction::Forward);
    const gpu_fft::BatchFft inverse(context, compiler, shape, gpu_fft::Direction::Inverse);
    std::vector<float> spectrum(2 * n), roundTrip(2 * n);
    context.runOnce(
        [&](VkCommandBuffer commandBuffer) { forward.record(commandBuffer, buffer, 1); });
    buffer.readValues(std::span<float>(spectrum));
    context.runOnce(
        [&](VkCommandBuffer commandBuffer) { inverse.record(commandBuffer, buffer, 1); });
    buffer.readValues(std::span<float>(roundTrip));

    std::vector<Complex> input(n), expected(n), gpuSpectrum(n), gpuRoundTrip(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        input[i] = {signal[2 * i], signal[2 * i + 1]};
        const std::uint32_t k = gpu_fft::fftDftIndex(i, shape.log2Size, shape.log2Workgroup);
        gpuSpectrum[k] = {spectrum[2 * i], spectrum[2 * i + 1]};
        gpuRoundTrip[i] = {roundTrip[2 * i], roundTrip[2 * i + 1]};
    }
    expected = input;
    referenceFft(expected);
    return {relativeError(gpuSpectrum, expected), relativeError(gpuRoundTrip, input)};
}

} // namespace

int runSelfCheck(const SelfCheckOptions& options) {
    vk::ContextOptions contextOptions;
    contextOptions.deviceIndex = options.deviceIndex;
    contextOptions.validation = options.validation;
    const vk::Context context(contextOptions);
    vk::ShaderCompiler compiler;
    const auto limits = gpu_fft::fftLimitsOf(context.info());
    std::printf("fftbloom self-check on %s (subgroup size %u)\n", context.info().name.c_str(),
                context.info().subgroupSize);
    std::printf("GPU FFT vs. double-precision CPU FFT, relative L2 error (limit %.0e):\n",
                kTolerance);

    std::mt19937 random(20261122);
    bool allPassed = true;
    for (std::uint32_t log2Size = gpu_fft::kMinLog2Size; log2Size <= gpu_fft::kMaxLog2Size;
         ++log2Size) {
        const auto shape = gpu_fft::chooseShape(log2Size, limits);
        const LengthResult result = checkLength(context, compiler, shape, random);
        const bool passed =
            result.forwardError <= kTolerance && result.roundTripError <= kTolerance;
        allPassed = allPassed && passed;
        std::printf("  %-36s forward %.2e   round trip %.2e   %s\n", shape.describe().c_str(),
                    result.forwardError, result.roundTripError, passed ? "ok" : "FAILED");
        std::fflush(stdout);
    }
    if (!context.validationMessages().empty()) {
        std::printf("the validation layer reported %zu messages\n",
                    context.validationMessages().size());
        allPassed = false;
    }
    std::printf("%s\n", allPassed ? "self-check passed" : "self-check FAILED");
    return allPassed ? 0 : 1;
}

} // namespace fftbloom
