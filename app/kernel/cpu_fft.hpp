// A small double-precision FFT on the CPU, for work done once per kernel (the generator's
// diffraction pattern, the viewer's spectrum preview). The per-frame FFTs run on the GPU.
#pragma once

#include <complex>
#include <cstddef>
#include <vector>

namespace fftbloom {

using ComplexD = std::complex<double>;

// In place, forward (exp(-2 pi i ...)), over a size x size grid stored row-major; size is a
// power of two.
void fft2d(std::vector<ComplexD>& grid, std::size_t size);

} // namespace fftbloom
