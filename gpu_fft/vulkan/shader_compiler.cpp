#include "gpu_fft/vulkan/shader_compiler.hpp"

#include "gpu_fft/vulkan/error.hpp"
#include "shaders/embedded_shaders.hpp"

#include <cstdlib>
#include <fstream>
#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#include <glslang/SPIRV/GlslangToSpv.h>
#include <optional>
#include <sstream>

namespace fftbloom::vk {
namespace {

std::optional<std::string> findSource(const std::string& path) {
    if (const char* directory = std::getenv("FFTBLOOM_SHADER_DIR")) {
        std::ifstream file(std::string(directory) + "/" + path, std::ios::binary);
        if (!file) {
            return std::nullopt;
        }
        std::ostringstream text;
        text << file.rdbuf();
        return text.str();
    }
    for (const EmbeddedFile& file : embeddedShaderFiles()) {
        if (file.path == path) {
            return std::string(file.text);
        }
    }
    return std::nullopt;
}

std::string folderOf(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

// Resolves #include "x" against the including file's folder, then the shaders/ root;
// #include <x> against the root only.
class Includer : public glslang::TShader::Includer {
    struct Resolved {
        std::string name;
        std::string text;
    };

  public:
    IncludeResult* includeLocal(const char* requested, const char* includer, std::size_t) override {
        return resolve({folderOf(includer) + requested, requested});
    }
    IncludeResult* includeSystem(const char* requested, const char*, std::size_t) override {
        return resolve({requested});
    }
    void releaseInclude(IncludeResult* result) override {
        if (result != nullptr) {
            delete static_cast<Resolved*>(result->userData);
            delete result;
        }
    }

  private:
    static IncludeResult* resolve(const std::vector<std::string>& candidates) {
        for (const auto& candidate : candidates) {
            if (auto text = findSource(candidate)) {
                auto* resolved = new Resolved{candidate, std::move(*text)};
                return new IncludeResult(resolved->name, resolved->text.data(),
                                         resolved->text.size(), resolved);
            }
        }
        return nullptr; // glslang reports "cannot find include file"
    }
};

std::string cacheKey(const std::string& path, const Defines& defines) {
    std::string key = path;
    for (const auto& [name, value] : defines) {
        key += '\n' + name + '=' + value;
    }
    return key;
}

// The defines, plus the extension that lets glslang follow #include, as text glslang reads
// before the shader (after its #version line).
std::string preambleOf(const Defines& defines) {
    std::string preamble = "#extension GL_GOOGLE_include_directive : require\n";
    for (const auto& [name, value] : defines) {
        preamble += "#define " + name + " " + value + "\n";
    }
    return preamble;
}

// glslang's first error line, without its "ERROR: " prefix.
std::string firstError(const char* log) {
    std::string text(log);
    const auto error = text.find("ERROR: ");
    if (error != std::string::npos) {
        text = text.substr(error + 7);
    }
    return text.substr(0, text.find('\n'));
}

EShLanguage languageOf(ShaderCompiler::Stage stage) {
    switch (stage) {
    case ShaderCompiler::Stage::Vertex:
        return EShLangVertex;
    case ShaderCompiler::Stage::Fragment:
        return EShLangFragment;
    case ShaderCompiler::Stage::Compute:
        return EShLangCompute;
    }
    return EShLangCompute;
}

Spirv compileGlsl(const std::string& path, const std::string& source, EShLanguage language,
                  const Defines& defines) {
    static const bool initialised = glslang::InitializeProcess(); // once per process
    (void)initialised;

    const std::string preamble = preambleOf(defines);
    const char* text = source.c_str();
    const char* name = path.c_str();
    glslang::TShader shader(language);
    shader.setStringsWithLengthsAndNames(&text, nullptr, &name, 1);
    shader.setPreamble(preamble.c_str());
    shader.setEntryPoint("main");
    shader.setEnvInput(glslang::EShSourceGlsl, language, glslang::EShClientVulkan, 100);
    shader.setEnvClient(glslang::EShClientVulkan, glslang::EShTargetVulkan_1_3);
    shader.setEnvTarget(glslang::EShTargetSpv, glslang::EShTargetSpv_1_6);
    const auto messages = static_cast<EShMessages>(EShMsgSpvRules | EShMsgVulkanRules);
    Includer includer;
    if (!shader.parse(GetDefaultResources(), 460, false, messages, includer)) {
        throw Error("shader " + path + " did not compile: " + firstError(shader.getInfoLog()));
    }
    glslang::TProgram program;
    program.addShader(&shader);
    if (!program.link(messages)) {
        throw Error("shader " + path + " did not link: " + firstError(program.getInfoLog()));
    }
    glslang::SpvOptions options;
    options.disableOptimizer = false; // spirv-opt: folds the FFT's unrolled index math
    options.validate = true;
    Spirv spirv;
    spv::SpvBuildLogger logger;
    glslang::GlslangToSpv(*program.getIntermediate(language), spirv, &logger, &options);
    if (spirv.empty()) {
        throw Error("shader " + path + " produced no SPIR-V: " + logger.getAllMessages());
    }
    return spirv;
}

} // namespace

ShaderCompiler::ShaderCompiler() = default;
ShaderCompiler::~ShaderCompiler() = default;

std::string ShaderCompiler::readSource(const std::string& path) {
    if (auto text = findSource(path)) {
        return *text;
    }
    throw Error("shader source not found: " + path);
}

std::shared_ptr<const Spirv> ShaderCompiler::compile(const std::string& path, Stage stage,
                                                     const Defines& defines) {
    const std::string key = cacheKey(path, defines);
    {
        std::lock_guard lock(mutex_);
        if (auto found = cache_.find(key); found != cache_.end()) {
            return found->second;
        }
    }
    auto spirv = std::make_shared<const Spirv>(
        compileGlsl(path, readSource(path), languageOf(stage), defines));
    std::lock_guard lock(mutex_);
    return cache_.emplace(key, std::move(spirv)).first->second; // first one in wins a race
}

std::size_t ShaderCompiler::compiledVariantCount() const {
    std::lock_guard lock(mutex_);
    return cache_.size();
}

} // namespace fftbloom::vk
