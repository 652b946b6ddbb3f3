#!/usr/bin/env bash
# Fetches the default HDR photographs into assets/: three of ILM's OpenEXR sample images
# (BSD-3-Clause), which Debian ships inside package psychtoolbox-3-common. The package is only
# downloaded, never installed; the images and their licence note are extracted from it.
# Safe to run again: it does nothing when the images are already there.
set -euo pipefail
cd "$(dirname "$0")/.."

images=(GoldenGate.exr Desk.exr CandleGlass.exr)
missing=0
for image in "${images[@]}"; do
  [ -s "assets/$image" ] || missing=1
done
[ "$missing" = 1 ] || exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work" # apt-get download runs as the _apt user where it can
(cd "$work" && apt-get download -q psychtoolbox-3-common)
folder=./usr/share/psychtoolbox-3/PsychDemos/OpenEXRImages
members=("$folder/Contents.m")
for image in "${images[@]}"; do
  members+=("$folder/$image")
done
dpkg-deb --fsys-tarfile "$work"/psychtoolbox-3-common_*.deb | tar -x -C "$work" "${members[@]}"
mkdir -p assets
for image in "${images[@]}"; do
  cp "$work/$folder/$image" "assets/$image.tmp" && mv "assets/$image.tmp" "assets/$image"
done
sed 's/^% \{0,1\}//' "$work/$folder/Contents.m" > assets/OpenEXR-images-LICENSE.txt
echo "fetched ${images[*]} into assets/"
