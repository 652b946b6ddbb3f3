// The GLFW window: creation, the Vulkan surface, and the events the viewer polls each frame
// (dropped files, size changes). Keys and the mouse reach the viewer through Dear ImGui, whose
// GLFW backend chains to the callbacks installed here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>
#include <vulkan/vulkan.h>

struct GLFWwindow;

namespace fftbloom {

class Window {
  public:
    Window(const std::string& title, int width, int height);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    GLFWwindow* handle() const { return window_; }
    static std::vector<std::string> requiredInstanceExtensions();
    VkSurfaceKHR createSurface(VkInstance instance) const;

    bool shouldClose() const;
    void requestClose();
    void pollEvents();
    // Blocks until the window has a non-zero size (it is minimised meanwhile).
    void waitWhileMinimised();
    void framebufferSize(std::uint32_t& width, std::uint32_t& height) const;
    void setSize(int width, int height);

    // Files dropped since the last call, with the cursor position at the drop.
    struct Drop {
        std::string path;
        double x = 0;
        double y = 0;
    };
    std::vector<Drop> takeDrops();
    bool takeResized(); // whether the framebuffer changed size since the last call

  private:
    static void onDrop(GLFWwindow* window, int count, const char** paths);
    static void onFramebufferSize(GLFWwindow* window, int width, int height);

    GLFWwindow* window_ = nullptr;
    std::vector<Drop> drops_;
    bool resized_ = false;
};

} // namespace fftbloom
