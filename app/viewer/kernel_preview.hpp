// Pictures of the kernel for the viewer's "kernel" and "spectrum" views, made on the CPU once
// per kernel: the kernel on a log scale, and the log-magnitude of its 2D spectrum with DC in
// the centre. Both map to [0, 1] so the display's exposure and tone map apply as usual.
#pragma once

#include "app/image/image.hpp"

namespace fftbloom {

Image kernelLogPreview(const Image& normalizedKernel);
Image kernelSpectrumPreview(const Image& normalizedKernel);

} // namespace fftbloom
