// The workgroup FFT's algorithm replayed on the CPU in double precision, invocation by
// invocation, with the same stages and exchanges as shaders/fft/workgroup_fft.glsl. It lets
// the tests check the algorithm and its output order against a naive DFT without a GPU.
#pragma once

#include "tests/support/reference_dft.hpp"

#include <cstdint>
#include <vector>

namespace fftbloom::test {

// Natural-order input -> Nabla-order output, N = 2^log2Size, WG = 2^log2Workgroup.
std::vector<Complex> modelForwardFft(const std::vector<Complex>& signal, std::uint32_t log2Size,
                                     std::uint32_t log2Workgroup);
// Nabla-order input -> natural-order output, divided by N.
std::vector<Complex> modelInverseFft(const std::vector<Complex>& spectrum, std::uint32_t log2Size,
                                     std::uint32_t log2Workgroup);

} // namespace fftbloom::test
