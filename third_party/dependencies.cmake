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

# Image files: stb_image / stb_image_write (libstb) and tinyexr.
pkg_check_modules(STB REQUIRED IMPORTED_TARGET GLOBAL stb)
find_package(tinyexr CONFIG REQUIRED)
add_library(fftbloom_images INTERFACE)
target_link_libraries(fftbloom_images INTERFACE PkgConfig::STB tinyexr::tinyexr)
add_library(fftbloom::images ALIAS fftbloom_images)
