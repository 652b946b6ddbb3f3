// `fftbloom selfcheck`: runs the GPU FFT at every supported length on the chosen device and
// compares it with a double-precision FFT on the CPU. The quickest way to see whether a
// machine's Vulkan driver runs fftbloom correctly.
#pragma once

namespace fftbloom {

struct SelfCheckOptions {
    int deviceIndex = -1;
    bool validation = false;
};

// Prints one line per FFT length; returns the process exit code (0: every length passed).
int runSelfCheck(const SelfCheckOptions& options);

} // namespace fftbloom
