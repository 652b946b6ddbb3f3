// GLSL -> SPIR-V at run time through glslang (the compiler shaderc wraps; docs/decisions.md
// says why fftbloom calls it directly).
//
// Sources come from the shaders embedded in the executable; `#include "fft/x.glsl"` resolves
// against the including file's folder, then shaders/. Setting FFTBLOOM_SHADER_DIR to a
// shaders/ folder reads the files from disk instead, for editing shaders without rebuilding.
// Each (file, defines) variant is compiled once per run and cached; compile() is thread-safe
// so pipelines can be built off the main thread.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace fftbloom::vk {

using Defines = std::vector<std::pair<std::string, std::string>>;
using Spirv = std::vector<std::uint32_t>;

class ShaderCompiler {
  public:
    ShaderCompiler();
    ~ShaderCompiler();
    ShaderCompiler(const ShaderCompiler&) = delete;
    ShaderCompiler& operator=(const ShaderCompiler&) = delete;

    enum class Stage { Compute, Vertex, Fragment };

    // Compiles the shader at `path` (relative to shaders/) with `defines`.
    // Throws fftbloom::Error with the compiler's first message on failure.
    std::shared_ptr<const Spirv> compile(const std::string& path, Stage stage,
                                         const Defines& defines);
    std::shared_ptr<const Spirv> compileCompute(const std::string& path, const Defines& defines) {
        return compile(path, Stage::Compute, defines);
    }

    std::size_t compiledVariantCount() const;

    // The text of a shader file, from disk when FFTBLOOM_SHADER_DIR is set, else embedded.
    static std::string readSource(const std::string& path);

  private:
    mutable std::mutex mutex_;
    std::map<std::string, std::shared_ptr<const Spirv>> cache_;
};

} // namespace fftbloom::vk
