#include "tests/support/gpu_test.hpp"

#include <memory>

namespace fftbloom::test {
namespace {

std::unique_ptr<vk::Context>& sharedContext() {
    static std::unique_ptr<vk::Context> context;
    return context;
}

// Destroys the shared context when the tests end, before static destructors run: the NVIDIA
// driver tears itself down at exit, and a VkInstance destroyed after that crashes.
class ReleaseContextAtEnd : public ::testing::Environment {
  public:
    void TearDown() override { sharedContext().reset(); }
};

[[maybe_unused]] const auto* const kReleaseContextAtEnd =
    ::testing::AddGlobalTestEnvironment(new ReleaseContextAtEnd);

} // namespace

const vk::Context& GpuTest::context() {
    auto& context = sharedContext();
    if (!context) {
        vk::ContextOptions options;
        options.requireValidation = true;
        context = std::make_unique<vk::Context>(options);
    }
    return *context;
}

vk::ShaderCompiler& GpuTest::compiler() {
    static vk::ShaderCompiler compiler;
    return compiler;
}

void GpuTest::TearDown() {
    if (!sharedContext()) {
        return;
    }
    const auto messages = sharedContext()->validationMessages();
    for (const auto& message : messages) {
        ADD_FAILURE() << message;
    }
    sharedContext()->clearValidationMessages();
}

std::uint32_t freshSeed() {
    return std::random_device{}();
}

std::vector<float> randomFloats(std::size_t count, std::mt19937& random) {
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> values(count);
    for (float& value : values) {
        value = uniform(random);
    }
    return values;
}

} // namespace fftbloom::test
