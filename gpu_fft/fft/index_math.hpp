// The workgroup FFT's index math on the host: the very same source the shaders include
// (shaders/fft/fft_index.h), compiled as C++ inside namespace gpu_fft.
#pragma once

#include <cstdint>

namespace gpu_fft {
using uint = std::uint32_t;
#include "shaders/fft/fft_index.h"
} // namespace gpu_fft
