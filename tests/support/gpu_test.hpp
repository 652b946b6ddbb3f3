// The base of every GPU test: one Vulkan context per test process with the validation layer
// required (a missing layer or device fails the test, it never skips), and a check after each
// test that the layer reported nothing.
#pragma once

#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/shader_compiler.hpp"

#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace fftbloom::test {

class GpuTest : public ::testing::Test {
  protected:
    static const vk::Context& context();
    static vk::ShaderCompiler& compiler();
    void TearDown() override;
};

// A fresh seed per run (printed with every failure through SCOPED_TRACE by the caller).
std::uint32_t freshSeed();

std::vector<float> randomFloats(std::size_t count, std::mt19937& random);

} // namespace fftbloom::test
