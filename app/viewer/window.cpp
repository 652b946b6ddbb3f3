#include "app/viewer/window.hpp"

#define GLFW_INCLUDE_VULKAN
#include "gpu_fft/vulkan/error.hpp"

#include <GLFW/glfw3.h>
#include <utility>

namespace fftbloom {
namespace {

Window* owner(GLFWwindow* window) {
    return static_cast<Window*>(glfwGetWindowUserPointer(window));
}

std::string glfwErrorText() {
    const char* description = nullptr;
    glfwGetError(&description);
    return description ? description : "unknown GLFW error";
}

} // namespace

Window::Window(const std::string& title, int width, int height) {
    if (!glfwInit()) {
        throw Error("cannot open a window: " + glfwErrorText() +
                    " (is a display available? under CI, use xvfb-run)");
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (window_ == nullptr) {
        const std::string reason = glfwErrorText();
        glfwTerminate();
        throw Error("cannot create the window: " + reason);
    }
    glfwSetWindowUserPointer(window_, this);
    glfwSetDropCallback(window_, onDrop);
    glfwSetFramebufferSizeCallback(window_, onFramebufferSize);
}

Window::~Window() {
    glfwDestroyWindow(window_);
    glfwTerminate();
}

std::vector<std::string> Window::requiredInstanceExtensions() {
    std::uint32_t count = 0;
    const char** names = glfwGetRequiredInstanceExtensions(&count);
    if (names == nullptr) {
        throw Error("GLFW finds no Vulkan surface support: " + glfwErrorText());
    }
    return std::vector<std::string>(names, names + count);
}

VkSurfaceKHR Window::createSurface(VkInstance instance) const {
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    VK_CHECK(glfwCreateWindowSurface(instance, window_, nullptr, &surface));
    return surface;
}

bool Window::shouldClose() const {
    return glfwWindowShouldClose(window_) != 0;
}
void Window::requestClose() {
    glfwSetWindowShouldClose(window_, GLFW_TRUE);
}
void Window::pollEvents() {
    glfwPollEvents();
}

void Window::waitWhileMinimised() {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    framebufferSize(width, height);
    while ((width == 0 || height == 0) && !shouldClose()) {
        glfwWaitEventsTimeout(0.1);
        framebufferSize(width, height);
    }
}

void Window::framebufferSize(std::uint32_t& width, std::uint32_t& height) const {
    int w = 0;
    int h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    width = static_cast<std::uint32_t>(w);
    height = static_cast<std::uint32_t>(h);
}

void Window::setSize(int width, int height) {
    glfwSetWindowSize(window_, width, height);
}

std::vector<Window::Drop> Window::takeDrops() {
    return std::exchange(drops_, {});
}
bool Window::takeResized() {
    return std::exchange(resized_, false);
}

void Window::onDrop(GLFWwindow* window, int count, const char** paths) {
    double x = 0;
    double y = 0;
    glfwGetCursorPos(window, &x, &y);
    for (int i = 0; i < count; ++i) {
        owner(window)->drops_.push_back({paths[i], x, y});
    }
}

void Window::onFramebufferSize(GLFWwindow* window, int, int) {
    owner(window)->resized_ = true;
}

} // namespace fftbloom
