// The GPU workgroup FFT on the test machine's Vulkan device (lavapipe in CI) against FFTW in
// double precision, for every length 16 .. 16384 and every split of it into E x WG that the
// device can run, with both exchange paths (subgroup shuffles and shared memory only), and for
// every length with 4 FFTs interleaved per workgroup (the layout the bloom's pass 2 uses), and
// with the pair-stage twiddles computed instead of read from the table.
#include "gpu_fft/fft/batch_fft.hpp"
#include "gpu_fft/fft/index_math.hpp"
#include "tests/support/gpu_test.hpp"
#include "tests/support/reference_dft.hpp"

#include <gtest/gtest.h>
#include <string>

namespace fftbloom::test {
namespace {

constexpr double kTolerance = 2e-6;                 // relative L2, forward, inverse and round trip
constexpr std::uint32_t kValuesPerTest = 1u << 15;  // complex values per test, over the batch
constexpr std::uint32_t kMaxTestedWorkgroup = 1024; // lavapipe's and NVIDIA's limit

enum class Exchange { Subgroup, SharedMemory };

struct FftCase {
    std::uint32_t log2Size;
    std::uint32_t log2Elements;
    Exchange exchange;
    std::uint32_t log2Batch = 0;
    bool computedTwiddles = false; // the shape's own choice is the twiddle table where it fits
};

constexpr std::uint32_t kBatchedLog2 = 2;

// The fewest elements per invocation (at least 4) that keep 4 interleaved FFTs within the
// tested workgroup limit.
std::uint32_t batchedLog2Elements(std::uint32_t log2Size) {
    std::uint32_t log2Elements = 2;
    while ((((1u << log2Size) >> log2Elements) << kBatchedLog2) > kMaxTestedWorkgroup) {
        ++log2Elements;
    }
    return log2Elements;
}

std::vector<FftCase> everyCase() {
    std::vector<FftCase> cases;
    for (std::uint32_t log2Size = gpu_fft::kMinLog2Size; log2Size <= gpu_fft::kMaxLog2Size;
         ++log2Size) {
        for (std::uint32_t log2Elements = gpu_fft::kMinLog2Elements;
             log2Elements <= gpu_fft::kMaxLog2Elements; ++log2Elements) {
            const std::uint32_t workgroup = (1u << log2Size) >> log2Elements;
            if (!gpu_fft::isValidSplit(log2Size, log2Elements) || workgroup > kMaxTestedWorkgroup) {
                continue;
            }
            cases.push_back({log2Size, log2Elements, Exchange::SharedMemory});
            if (workgroup >= 8) { // the smallest subgroup a device reports (lavapipe)
                cases.push_back({log2Size, log2Elements, Exchange::Subgroup});
            }
        }
        const std::uint32_t log2Elements = batchedLog2Elements(log2Size);
        if (log2Elements <= gpu_fft::kMaxLog2Elements) { // N = 16384 cannot run 4 at once
            cases.push_back({log2Size, log2Elements, Exchange::SharedMemory, kBatchedLog2});
            cases.push_back({log2Size, log2Elements, Exchange::Subgroup, kBatchedLog2});
            cases.push_back({log2Size, log2Elements, Exchange::Subgroup, 0, true});
        }
    }
    return cases;
}

std::string describe(const FftCase& c) {
    // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, falsely) on
    // "literal" + std::string.
    std::string name = "N";
    name += std::to_string(1u << c.log2Size);
    name += "_E";
    name += std::to_string(1u << c.log2Elements);
    name += c.exchange == Exchange::Subgroup ? "_subgroup" : "_shared";
    if (c.log2Batch > 0) {
        name += "_x";
        name += std::to_string(1u << c.log2Batch);
    }
    if (c.computedTwiddles) {
        name += "_computed_twiddles";
    }
    return name;
}

std::string caseName(const ::testing::TestParamInfo<FftCase>& info) {
    return describe(info.param);
}

// How gtest and CTest print a case: its name, not its bytes.
[[maybe_unused]] void PrintTo(const FftCase& c, std::ostream* out) {
    *out << describe(c);
}

class GpuFft : public GpuTest, public ::testing::WithParamInterface<FftCase> {
  protected:
    gpu_fft::FftShape shape() const {
        gpu_fft::DeviceFftLimits limits = gpu_fft::fftLimitsOf(context().info());
        if (GetParam().exchange == Exchange::SharedMemory) {
            limits.subgroupSize = 1;
        }
        auto shape = gpu_fft::makeShape(GetParam().log2Size, GetParam().log2Elements, limits,
                                        GetParam().log2Batch);
        if (GetParam().computedTwiddles) {
            shape.twiddleTable = false;
        }
        // Shuffles wherever the device allows them: on lavapipe (subgroup size 8) every
        // "_subgroup" case; on a device with larger subgroups the small workgroups fall back.
        const bool shufflesPossible = limits.subgroupSize > 1 && limits.fullSubgroups &&
                                      shape.invocations() % limits.subgroupSize == 0;
        EXPECT_EQ(shape.usesSubgroupShuffles(), shufflesPossible) << shape.describe();
        return shape;
    }
    std::uint32_t size() const { return 1u << GetParam().log2Size; }
    // Signals per test: at least two workgroups' worth.
    std::uint32_t batch() const {
        const std::uint32_t perWorkgroup = 1u << GetParam().log2Batch;
        return std::max(2u * perWorkgroup, kValuesPerTest / size());
    }

    vk::Buffer hostBuffer(std::size_t floats, const char* name) const {
        return vk::Buffer(context(), floats * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                          vk::MemoryUse::HostVisible, name);
    }

    // Runs BatchFft over `values` (batch() signals of size() complex values) in place.
    std::vector<float> runBatchFft(const std::vector<float>& values,
                                   gpu_fft::Direction direction) const {
        vk::Buffer buffer = hostBuffer(values.size(), "test signals");
        buffer.writeValues(std::span<const float>(values));
        const gpu_fft::BatchFft fft(context(), compiler(), shape(), direction);
        context().runOnce(
            [&](VkCommandBuffer commandBuffer) { fft.record(commandBuffer, buffer, batch()); });
        std::vector<float> result(values.size());
        buffer.readValues(std::span<float>(result));
        return result;
    }

    // Signal `index` of the batch as complex numbers, optionally reordered from Nabla order.
    std::vector<Complex> signalAt(const std::vector<float>& values, std::uint32_t index,
                                  bool fromNablaOrder) const {
        std::vector<Complex> signal(size());
        for (std::uint32_t o = 0; o < size(); ++o) {
            const std::size_t at = 2 * (std::size_t{index} * size() + o);
            const std::uint32_t k =
                fromNablaOrder ? gpu_fft::fftDftIndex(o, GetParam().log2Size, shape().log2Workgroup)
                               : o;
            signal[k] = {values[at], values[at + 1]};
        }
        return signal;
    }

    std::vector<Complex> wholeBatch(const std::vector<float>& values, bool fromNablaOrder) const {
        std::vector<Complex> all;
        for (std::uint32_t b = 0; b < batch(); ++b) {
            const auto signal = signalAt(values, b, fromNablaOrder);
            all.insert(all.end(), signal.begin(), signal.end());
        }
        return all;
    }
};

TEST_P(GpuFft, ForwardMatchesFftw) {
    const std::uint32_t seed = freshSeed();
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    const auto input = randomFloats(2 * std::size_t{size()} * batch(), random);
    const auto output = runBatchFft(input, gpu_fft::Direction::Forward);

    std::vector<Complex> expected;
    for (std::uint32_t b = 0; b < batch(); ++b) {
        const auto spectrum = fftwForward(signalAt(input, b, false));
        expected.insert(expected.end(), spectrum.begin(), spectrum.end());
    }
    EXPECT_LE(relativeL2Error(wholeBatch(output, true), expected), kTolerance);
}

TEST_P(GpuFft, InverseMatchesFftw) {
    const std::uint32_t seed = freshSeed();
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    const auto nablaSpectrum = randomFloats(2 * std::size_t{size()} * batch(), random);
    const auto output = runBatchFft(nablaSpectrum, gpu_fft::Direction::Inverse);

    std::vector<Complex> expected;
    for (std::uint32_t b = 0; b < batch(); ++b) {
        const auto signal = fftwInverse(signalAt(nablaSpectrum, b, true));
        expected.insert(expected.end(), signal.begin(), signal.end());
    }
    EXPECT_LE(relativeL2Error(wholeBatch(output, false), expected), kTolerance);
}

TEST_P(GpuFft, RoundTripRestoresTheSignal) {
    const std::uint32_t seed = freshSeed();
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    const auto input = randomFloats(2 * std::size_t{size()} * batch(), random);
    const auto spectrum = runBatchFft(input, gpu_fft::Direction::Forward);
    const auto restored = runBatchFft(spectrum, gpu_fft::Direction::Inverse);
    EXPECT_LE(relativeL2Error(wholeBatch(restored, false), wholeBatch(input, false)), kTolerance);
}

// z = a + i b through one complex FFT, unpacked with the mirror trade into A and B.
TEST_P(GpuFft, RealPairUnpacksIntoTwoHalfSpectra) {
    const std::uint32_t seed = freshSeed();
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    const std::uint32_t n = size();
    const std::uint32_t half = n / 2 + 1;
    const auto input = randomFloats(2 * std::size_t{n} * batch(), random);

    vk::Buffer signals = hostBuffer(input.size(), "real pairs");
    signals.writeValues(std::span<const float>(input));
    vk::Buffer spectra = hostBuffer(4 * std::size_t{half} * batch(), "half spectra");
    const gpu_fft::RealPairFft fft(context(), compiler(), shape());
    context().runOnce([&](VkCommandBuffer commandBuffer) {
        fft.record(commandBuffer, signals, spectra, batch());
    });
    std::vector<float> output(4 * std::size_t{half} * batch());
    spectra.readValues(std::span<float>(output));

    std::vector<Complex> actual, expected;
    for (std::uint32_t b = 0; b < batch(); ++b) {
        std::vector<double> a(n), bSignal(n);
        for (std::uint32_t i = 0; i < n; ++i) {
            a[i] = input[2 * (std::size_t{b} * n + i)];
            bSignal[i] = input[2 * (std::size_t{b} * n + i) + 1];
        }
        for (const auto& spectrum : {fftwRealForward(a), fftwRealForward(bSignal)}) {
            expected.insert(expected.end(), spectrum.begin(), spectrum.end());
        }
        for (std::uint32_t k = 0; k < 2 * half; ++k) {
            const std::size_t at = 2 * (std::size_t{b} * 2 * half + k);
            actual.emplace_back(output[at], output[at + 1]);
        }
    }
    EXPECT_LE(relativeL2Error(actual, expected), kTolerance);
}

INSTANTIATE_TEST_SUITE_P(EverySplit, GpuFft, ::testing::ValuesIn(everyCase()), caseName);

} // namespace
} // namespace fftbloom::test
