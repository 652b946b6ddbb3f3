#!/usr/bin/env bash
# Installs everything fftbloom needs to build, run and test on Debian 12, from Debian's own
# packages. Run as root. Safe to run again: apt-get skips what is already there.
set -euo pipefail

packages=(
  # toolchain
  cmake ninja-build g++ pkg-config git
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

# The default HDR photographs (downloaded from Debian too; see the script).
bash "$(dirname "$0")/fetch-assets.sh"
