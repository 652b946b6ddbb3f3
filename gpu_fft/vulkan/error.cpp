#include "gpu_fft/vulkan/error.hpp"

#include <cstring>

namespace fftbloom::vk {

const char* resultName(VkResult result) {
    switch (result) {
#define FFTBLOOM_RESULT_CASE(name)                                                                 \
    case name:                                                                                     \
        return #name;
        FFTBLOOM_RESULT_CASE(VK_SUCCESS)
        FFTBLOOM_RESULT_CASE(VK_NOT_READY)
        FFTBLOOM_RESULT_CASE(VK_TIMEOUT)
        FFTBLOOM_RESULT_CASE(VK_INCOMPLETE)
        FFTBLOOM_RESULT_CASE(VK_SUBOPTIMAL_KHR)
        FFTBLOOM_RESULT_CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
        FFTBLOOM_RESULT_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        FFTBLOOM_RESULT_CASE(VK_ERROR_INITIALIZATION_FAILED)
        FFTBLOOM_RESULT_CASE(VK_ERROR_DEVICE_LOST)
        FFTBLOOM_RESULT_CASE(VK_ERROR_MEMORY_MAP_FAILED)
        FFTBLOOM_RESULT_CASE(VK_ERROR_LAYER_NOT_PRESENT)
        FFTBLOOM_RESULT_CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
        FFTBLOOM_RESULT_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
        FFTBLOOM_RESULT_CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
        FFTBLOOM_RESULT_CASE(VK_ERROR_TOO_MANY_OBJECTS)
        FFTBLOOM_RESULT_CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
        FFTBLOOM_RESULT_CASE(VK_ERROR_SURFACE_LOST_KHR)
        FFTBLOOM_RESULT_CASE(VK_ERROR_OUT_OF_DATE_KHR)
        FFTBLOOM_RESULT_CASE(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)
#undef FFTBLOOM_RESULT_CASE
    default:
        return "VkResult (unnamed)";
    }
}

void throwVulkanError(const char* call, VkResult result, const char* file, int line) {
    const char* base = std::strrchr(file, '/');
    throw Error(std::string("Vulkan call failed: ") + call + " returned " + resultName(result) +
                " (" + std::to_string(static_cast<int>(result)) + ") at " +
                (base ? base + 1 : file) + ":" + std::to_string(line));
}

} // namespace fftbloom::vk
