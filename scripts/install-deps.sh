#!/usr/bin/env bash
# Installs everything fftbloom needs to build, run and test on Debian 12, from Debian's own
# packages. Run as root. Safe to run again: apt-get skips what is already there.
set -euo pipefail

packages=(
  # toolchain
  cmake ninja-build g++ pkg-config git
  # scripts/bound-shaders.py (performance experiments) and its test
  python3
  # Vulkan: loader + headers, the CPU driver (lavapipe) and the validation layer
  libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  # runtime GLSL compilation (glslang, see docs/decisions.md) and glslc for quick checks
  glslang-dev glslang-tools spirv-tools glslc
  # window, UI, maths, image files, command line
  libglfw3-dev libimgui-dev libglm-dev libstb-dev libtinyexr-dev libcli11-dev
  # test references and benchmark comparison
  libgtest-dev libfftw3-dev libvkfft-dev
  # windowed tests without a display
  xvfb xauth
)

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${packages[@]}"

# Dear ImGui's GLFW and Vulkan backends ship as sources under /usr/share/doc, which minimal
# images leave out: take them from the package file instead.
backends=/usr/share/doc/libimgui-dev/examples/backends
if [ ! -f "$backends/imgui_impl_vulkan.cpp" ]; then
  target="$(dirname "$0")/../third_party/imgui_backends"
  work=$(mktemp -d)
  (cd "$work" && apt-get download -q libimgui-dev)
  dpkg-deb --fsys-tarfile "$work"/libimgui-dev_*.deb |
    tar -x -C "$work" ".$backends/imgui_impl_glfw.cpp" ".$backends/imgui_impl_vulkan.cpp"
  mkdir -p "$target"
  cp "$work$backends"/imgui_impl_*.cpp "$target/"
  rm -rf "$work"
fi

# The default HDR photographs (downloaded from Debian too; see the script).
bash "$(dirname "$0")/fetch-assets.sh"
