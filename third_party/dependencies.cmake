# CMake glue for the Debian packages fftbloom uses: imported targets only, no copied code.
# Included (not add_subdirectory) from the top level, so the targets are visible everywhere.
find_package(Vulkan 1.3 REQUIRED)
find_package(PkgConfig REQUIRED)
find_package(CLI11 CONFIG REQUIRED)

# Runtime GLSL -> SPIR-V: glslang, the compiler inside shaderc, called directly. Debian 12's
# libshaderc1 (2023.2-1) was built against glslang 11 and crashes inside GlslangToSpv when
# linked with glslang-dev 12, the only glslang Debian 12 ships for linking (docs/decisions.md).
# glslang's CMake config uses Threads::Threads without finding it, and insists that
# glslangValidator is installed (package glslang-tools).
find_package(Threads REQUIRED)
find_package(glslang CONFIG REQUIRED)
find_package(SPIRV-Tools-opt CONFIG REQUIRED)
add_library(fftbloom_glslang INTERFACE)
target_link_libraries(fftbloom_glslang INTERFACE
  glslang::glslang glslang::SPIRV glslang::glslang-default-resource-limits SPIRV-Tools-opt)
add_library(fftbloom::glslang ALIAS fftbloom_glslang)

# VkFFT 1.2.26 (libvkfft-dev), for `fftbloom bench --compare-vkfft` only: one header-only
# library that compiles its shaders at run time through glslang's C interface. Its folder is
# a system one (/usr/include), so its warnings stay out of our -Werror. One file compiles it:
# app/bench/vkfft_convolution.cpp, with a shim for Debian's glslang 12 (vkfft_glslang_shim.hpp).
find_path(VKFFT_INCLUDE_DIR vkFFT.h REQUIRED)
add_library(fftbloom_vkfft INTERFACE)
target_include_directories(fftbloom_vkfft SYSTEM INTERFACE "${VKFFT_INCLUDE_DIR}")
target_link_libraries(fftbloom_vkfft INTERFACE fftbloom::glslang Vulkan::Vulkan)
add_library(fftbloom::vkfft ALIAS fftbloom_vkfft)

# Image files: stb_image / stb_image_write (libstb) and tinyexr.
pkg_check_modules(STB REQUIRED IMPORTED_TARGET GLOBAL stb)
find_package(tinyexr CONFIG REQUIRED)
add_library(fftbloom_images INTERFACE)
target_link_libraries(fftbloom_images INTERFACE PkgConfig::STB tinyexr::tinyexr)
add_library(fftbloom::images ALIAS fftbloom_images)

# Window and UI: GLFW 3.3 and Dear ImGui 1.86. libimgui-dev ships the library, and its GLFW
# and Vulkan backends only as sources under /usr/share/doc; minimal images drop that folder,
# so scripts/install-deps.sh then extracts the two files from the package into
# third_party/imgui_backends/ (git-ignored). They are compiled here, without our warnings.
find_package(glfw3 3.3 CONFIG REQUIRED)
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET GLOBAL imgui)
find_path(IMGUI_BACKEND_DIR imgui_impl_vulkan.cpp
  PATHS /usr/share/doc/libimgui-dev/examples/backends "${PROJECT_SOURCE_DIR}/third_party/imgui_backends"
  NO_DEFAULT_PATH REQUIRED)
add_library(fftbloom_imgui STATIC
  "${IMGUI_BACKEND_DIR}/imgui_impl_glfw.cpp"
  "${IMGUI_BACKEND_DIR}/imgui_impl_vulkan.cpp")
target_include_directories(fftbloom_imgui SYSTEM PUBLIC /usr/include/imgui /usr/include/imgui/backends)
target_link_libraries(fftbloom_imgui PUBLIC PkgConfig::IMGUI glfw Vulkan::Vulkan)
add_library(fftbloom::imgui ALIAS fftbloom_imgui)
