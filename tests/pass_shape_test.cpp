// Which FFT shapes the bloom's passes take on an H100-like device (app/bloom/bloom_passes),
// without a GPU: the rules docs/performance.md measured, written down so that a change to the
// chooser cannot quietly undo them.
#include "app/bloom/bloom_passes.hpp"

#include <gtest/gtest.h>

namespace fftbloom {
namespace {

vk::DeviceInfo h100Like() {
    vk::DeviceInfo device;
    device.subgroupSize = 32;
    device.subgroupShuffle = true;
    device.fullSubgroups = true;
    device.maxWorkgroupInvocations = 1024;
    device.maxSharedMemoryBytes = 49152;
    return device;
}

// Pass 2: E = 8 up to 256 invocations, E = 16 at 256 (4096), and where E = 16 would need 512
// invocations (too few registers each), E = 8 with up to 1024 again.
TEST(PassShapes, PassTwoTakesSixteenElementsOnlyWhereAWorkgroupOf256Suffices) {
    const auto device = h100Like();
    EXPECT_EQ(secondAxisShape(1024, device).describe(), "N=1024 (E=8 x WG=128, subgroup 32)");
    EXPECT_EQ(secondAxisShape(2048, device).describe(), "N=2048 (E=8 x WG=256, subgroup 32)");
    EXPECT_EQ(secondAxisShape(4096, device).describe(), "N=4096 (E=16 x WG=256, subgroup 32)");
    EXPECT_EQ(secondAxisShape(8192, device).describe(), "N=8192 (E=8 x WG=1024, subgroup 32)");
    EXPECT_EQ(secondAxisShape(16384, device).describe(), "N=16384 (E=16 x WG=1024, subgroup 32)");
}

// Passes 1 and 3 of x-first keep the library's choice: E = 8 up to 256 invocations.
TEST(PassShapes, XFirstPassesOneAndThreeKeepTheLibrarysChoice) {
    const auto device = h100Like();
    EXPECT_EQ(firstAxisShape(2048, gpu_fft::Axis::X, device).describe(),
              "N=2048 (E=8 x WG=256, subgroup 32)");
    EXPECT_EQ(firstAxisShape(8192, gpu_fft::Axis::X, device).describe(),
              "N=8192 (E=16 x WG=512, subgroup 32)");
}

} // namespace
} // namespace fftbloom
