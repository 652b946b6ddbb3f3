// Lets vkFFT.h 1.2.26 compile against Debian 12's glslang 12. Include it, and nothing else,
// right before vkFFT.h, in the one file that compiles VkFFT (app/bench/vkfft_convolution.cpp).
//
// What fails: vkFFT.h fills `const glslang_resource_t default_resource = {...}` by position,
// in glslang 11's field order: the 92 limits max_lights ... max_mesh_view_count_nv, then
// maxDualSourceDrawBuffersEXT, then the `limits` struct. glslang 12 inserted nine limits
// (max_mesh_output_vertices_ext ... max_mesh_view_count_ext) after max_mesh_view_count_nv.
// VkFFT's `1` for maxDualSourceDrawBuffersEXT then lands in max_mesh_output_vertices_ext and
// its `limits` braces in max_mesh_output_primitives_ext, an int: "cannot convert
// '<brace-enclosed initializer list>' to 'int'" (twice, for its two shader compilers).
//
// The shim: while vkFFT.h is compiled, glslang_resource_t names Glslang11Resource, glslang
// 11's layout, so VkFFT's list initialises it as written. vkFFT.h uses the type only for those
// two lists and passes `&default_resource` on as glslang's `const glslang_resource_t*`, so
// unary & returns the same values in glslang 12's layout. The nine new limits keep glslang's
// defaults; they concern mesh shaders only.
#pragma once

#include <cstddef>
#include <cstring>
#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>

namespace fftbloom::vkfft_shim {

// max_lights ... max_mesh_view_count_nv: the same ints in the same order in glslang 11 and 12.
inline constexpr std::size_t kSharedLimits = 92;
static_assert(offsetof(glslang_resource_t, max_lights) == 0);
static_assert(offsetof(glslang_resource_t, max_mesh_view_count_nv) ==
              (kSharedLimits - 1) * sizeof(int));

struct Glslang11Resource {
    int shared[kSharedLimits];
    int maxDualSourceDrawBuffersEXT;
    glslang_limits_t limits;
    mutable glslang_resource_t converted{}; // what glslang 12 reads, filled by operator&

    const glslang_resource_t* operator&() const {
        converted = *glslang_default_resource();
        std::memcpy(&converted, shared, sizeof shared);
        converted.max_dual_source_draw_buffers_ext = maxDualSourceDrawBuffersEXT;
        converted.limits = limits;
        return &converted;
    }
};

} // namespace fftbloom::vkfft_shim
