#!/usr/bin/env bash
# scripts/bound-shaders.py still applies to the current workgroup FFT, and every variant it
# writes compiles and runs through `fftbloom bench`. The variants compute wrong results on
# purpose (they exist to time what is left), so this checks only that each one differs from
# shaders/ and that its bench finishes with a timing row.
# The variants are the folders the script prints.
# Usage: bound_shaders_test.sh FFTBLOOM SOURCE_DIR WORK_DIR
set -euo pipefail
fftbloom=$1
source_dir=$2
work=$3

rm -rf "$work"
mkdir -p "$work"
mapfile -t variants < <(python3 "$source_dir/scripts/bound-shaders.py" "$work/variants")
if [ "${#variants[@]}" -lt 4 ]; then
  echo "bound-shaders: expected 4 variants, got ${#variants[@]}" >&2
  exit 1
fi
"$fftbloom" kernel --out "$work/image.pfm" --size 128 >/dev/null

original="$source_dir/shaders/fft/workgroup_fft.glsl"
for folder in "${variants[@]}"; do
  variant=$(basename "$folder")
  if cmp -s "$original" "$folder/fft/workgroup_fft.glsl"; then
    echo "bound-shaders: variant $variant is the unchanged FFT" >&2
    exit 1
  fi
  FFTBLOOM_SHADER_DIR="$folder" "$fftbloom" bench \
    --image "$work/image.pfm" --kernel "$work/image.pfm" --kernel-size 32 \
    --iterations 1 --warmup 0 --copy-mib 1 >"$work/$variant.txt"
  if ! grep -q "^ *128x128 .* x " "$work/$variant.txt"; then
    echo "bound-shaders: no timing row for variant $variant" >&2
    cat "$work/$variant.txt" >&2
    exit 1
  fi
done
