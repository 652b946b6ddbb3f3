// The GLSL sources under shaders/, compiled into the executable at build time
// (cmake/embed_files.cmake), so that fftbloom runs from anywhere without its source tree.
#pragma once

#include <span>
#include <string_view>

namespace fftbloom {

struct EmbeddedFile {
    std::string_view path; // relative to shaders/, e.g. "fft/workgroup_fft.glsl"
    std::string_view text;
};

std::span<const EmbeddedFile> embeddedShaderFiles();

} // namespace fftbloom
