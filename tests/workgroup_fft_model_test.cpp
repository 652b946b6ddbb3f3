// The workgroup FFT's algorithm, replayed on the CPU (tests/support/workgroup_fft_model), gives
// DFT[fftDftIndex(o)] at output o: checked against a naive DFT for every split of small N.
// This separates "is the algorithm and its order right" from "does the GPU run it right".
#include "gpu_fft/fft/fft_shape.hpp"
#include "gpu_fft/fft/index_math.hpp"
#include "tests/support/workgroup_fft_model.hpp"

#include <gtest/gtest.h>
#include <random>

namespace fftbloom::test {
namespace {

constexpr std::uint32_t kMaxModelLog2Size = 10; // the naive DFT is O(N^2)

std::vector<Complex> randomSignal(std::size_t n, std::mt19937& random) {
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    std::vector<Complex> signal(n);
    for (Complex& value : signal) {
        value = {uniform(random), uniform(random)};
    }
    return signal;
}

TEST(WorkgroupFftModel, OutputOIsDftAtDftIndexForEverySmallSplit) {
    std::mt19937 random(std::random_device{}());
    for (std::uint32_t log2Size = gpu_fft::kMinLog2Size; log2Size <= kMaxModelLog2Size;
         ++log2Size) {
        const auto signal = randomSignal(std::size_t{1} << log2Size, random);
        const auto dft = naiveDft(signal);
        for (std::uint32_t log2Elements = gpu_fft::kMinLog2Elements;
             log2Elements <= gpu_fft::kMaxLog2Elements; ++log2Elements) {
            if (!gpu_fft::isValidSplit(log2Size, log2Elements)) {
                continue;
            }
            const std::uint32_t log2Workgroup = log2Size - log2Elements;
            const auto nabla = modelForwardFft(signal, log2Size, log2Workgroup);
            std::vector<Complex> reordered(nabla.size());
            for (std::uint32_t o = 0; o < nabla.size(); ++o) {
                reordered[gpu_fft::fftDftIndex(o, log2Size, log2Workgroup)] = nabla[o];
            }
            EXPECT_LT(relativeL2Error(reordered, dft), 1e-12)
                << "N=" << signal.size() << " E=" << (1u << log2Elements);
            EXPECT_LT(relativeL2Error(modelInverseFft(nabla, log2Size, log2Workgroup), signal),
                      1e-12)
                << "round trip N=" << signal.size() << " E=" << (1u << log2Elements);
        }
    }
}

} // namespace
} // namespace fftbloom::test
