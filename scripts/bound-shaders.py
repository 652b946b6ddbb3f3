#!/usr/bin/env python3
"""Writes copies of shaders/ with parts of the workgroup FFT switched off, for timing only.

Their results are wrong on purpose: they measure what the bloom's passes cost without the
switched-off part, which bounds what any faster FFT could gain (docs/performance.md, change
13). Run a variant with the normal binary:

    python3 scripts/bound-shaders.py OUT_DIR
    FFTBLOOM_SHADER_DIR=OUT_DIR/no-fft ./build/fftbloom bench --preset

Variants (one folder each):
    no-fft        fftForward and fftInverse do nothing; loads, mirror trades, multiply, stores stay
    no-exchange   the butterflies and twiddles run, nothing moves between invocations
    no-shared     only the exchanges through shared memory are skipped (shuffles stay)
    bare          no-fft, and the mirror trade returns the element itself: loads and stores only

The bodies are removed with #if 0 rather than an early return: NVIDIA's compiler has crashed
on early returns in these helpers (docs/performance.md).
"""
import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FFT_FILE = pathlib.Path("fft/workgroup_fft.glsl")
FORWARD = "void fftForward(inout vec2 x[FFT_ELEMENTS]) {"
INVERSE = "void fftInverse(inout vec2 x[FFT_ELEMENTS]) {"
EXCHANGE = "void fftExchange(inout vec2 x[FFT_ELEMENTS], uint thread, uint stride) {"
MIRROR = "vec2 fftMirrorOf(vec2 x[FFT_ELEMENTS], uint l, uint thread) {"
SHARED_ROUNDS_START = "#endif\n    [[unroll]] for (uint first"
SHARED_ROUNDS_END = "        barrier(); // the next round overwrites the slots just read\n    }\n"


def find_once(text, needle):
    if text.count(needle) != 1:
        sys.exit(f"bound-shaders: {FFT_FILE} changed; '{needle[:40]}...' is not there once")
    return text.index(needle)


def without_body(text, header, replacement=""):
    """Puts the body of the function starting with `header` under #if 0."""
    start = find_once(text, header) + len(header)
    end = text.index("\n}\n", start)
    tail = "\n" + replacement if replacement else ""
    return text[:start] + "\n#if 0" + text[start:end] + "\n#endif" + tail + text[end:]


def without_shared_rounds(text):
    start = find_once(text, SHARED_ROUNDS_START) + SHARED_ROUNDS_START.index("\n") + 1
    end = find_once(text, SHARED_ROUNDS_END) + len(SHARED_ROUNDS_END)
    return text[:start] + "#if 0\n" + text[start:end] + "#endif\n" + text[end:]


def no_fft(text):
    return without_body(without_body(text, FORWARD), INVERSE)


VARIANTS = {
    "no-fft": no_fft,
    "no-exchange": lambda text: without_body(text, EXCHANGE),
    "no-shared": without_shared_rounds,
    "bare": lambda text: without_body(no_fft(text), MIRROR, "    return x[l];"),
}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    for name, transform in VARIANTS.items():
        folder = out / name
        shutil.rmtree(folder, ignore_errors=True)
        build_files = shutil.ignore_patterns("CMakeLists.txt", "*.hpp")
        shutil.copytree(ROOT / "shaders", folder, ignore=build_files)
        path = folder / FFT_FILE
        path.write_text(transform(path.read_text()))
        print(folder)


if __name__ == "__main__":
    main()
