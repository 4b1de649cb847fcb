#!/usr/bin/env bash
# Renders holdfast.svg into the icons the packages use; the results are committed, so a build needs none of
# these tools. Run it after changing the SVG:
#   packaging/icon/render-icons.sh
# Needs rsvg-convert (Debian: librsvg2-bin) or, failing that, ImageMagick's convert.
#   hicolor/NxN/apps/holdfast.png   N = 16 32 48 64 128 256 512: the Linux icon theme sizes
#   holdfast.icns                   macOS: PNG chunks ic11 ic12 ic07 ic13 ic08 ic14 ic09 ic10 (16 to 512 @1x/@2x)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
svg="$here/holdfast.svg"

render() { # render SIZE OUT
  if command -v rsvg-convert >/dev/null 2>&1; then
    rsvg-convert -w "$1" -h "$1" "$svg" -o "$2"
  elif command -v convert >/dev/null 2>&1; then
    convert -background none -density 384 "$svg" -resize "$1x$1" "$2"
  else
    echo "render-icons: needs rsvg-convert (Debian: librsvg2-bin) or ImageMagick's convert" >&2
    exit 3
  fi
}

for size in 16 32 48 64 128 256 512; do
  mkdir -p "$here/hicolor/${size}x${size}/apps"
  render "$size" "$here/hicolor/${size}x${size}/apps/holdfast.png"
done

# ICNS: the magic 'icns' and the file length, then chunks of a 4-byte type, a 4-byte length that counts the
# 8-byte chunk header, and the PNG itself. All lengths big-endian.
be32() { printf "\\$(printf %03o $(($1 >> 24 & 255)))\\$(printf %03o $(($1 >> 16 & 255)))\\$(printf %03o $(($1 >> 8 & 255)))\\$(printf %03o $(($1 & 255)))"; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
chunks=(ic11:32 ic12:64 ic07:128 ic13:256 ic08:256 ic14:512 ic09:512 ic10:1024)
total=8
for chunk in "${chunks[@]}"; do
  type=${chunk%%:*} size=${chunk##*:}
  render "$size" "$tmp/$type.png"
  total=$((total + 8 + $(wc -c <"$tmp/$type.png")))
done
{
  printf icns; be32 "$total"
  for chunk in "${chunks[@]}"; do
    type=${chunk%%:*}
    printf '%s' "$type"; be32 $((8 + $(wc -c <"$tmp/$type.png")))
    cat "$tmp/$type.png"
  done
} >"$here/holdfast.icns"
echo "render-icons: wrote hicolor/*/apps/holdfast.png and holdfast.icns" >&2
