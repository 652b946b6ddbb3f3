// The bloom shaders' push constants and padding rule on the host: the same source the shaders
// include (shaders/bloom/bloom_params.h), compiled as C++.
#pragma once

#include <cstdint>

namespace fftbloom::bloom_gpu {
using uint = std::uint32_t;
#include "shaders/bloom/bloom_params.h"

static_assert(sizeof(BloomPassParams) == 11 * 4, "push constants are 11 scalars (std430)");
static_assert(sizeof(TentResampleParams) == 6 * 4, "push constants are 6 scalars (std430)");
} // namespace fftbloom::bloom_gpu
