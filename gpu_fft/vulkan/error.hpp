// Errors: one exception type whose message is a single line a user can act on.
//
// Set-up and input problems (no device, a shader that does not compile, a bad file) throw
// fftbloom::Error; the command line prints its message and exits non-zero, the viewer shows it
// and keeps its previous state. Vulkan calls go through VK_CHECK, which names the call, the
// VkResult, the file and the line.
#pragma once

#include <stdexcept>
#include <string>
#include <vulkan/vulkan.h>

namespace fftbloom {

class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

namespace vk {

const char* resultName(VkResult result);

[[noreturn]] void throwVulkanError(const char* call, VkResult result, const char* file, int line);

} // namespace vk
} // namespace fftbloom

#define VK_CHECK(call)                                                                             \
    do {                                                                                           \
        const VkResult vkCheckResult = (call);                                                     \
        if (vkCheckResult != VK_SUCCESS) {                                                         \
            ::fftbloom::vk::throwVulkanError(#call, vkCheckResult, __FILE__, __LINE__);            \
        }                                                                                          \
    } while (false)
