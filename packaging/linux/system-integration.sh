#!/bin/sh
# Ties an installed Holdfast app image into the system, and unties it. Shipped in the image as
# lib/system-integration.sh; the .deb and .rpm scripts run it as root with the default prefix /usr.
#
#   system-integration.sh install [--prefix DIR]   PREFIX/bin/holdfast, the menu entry and its icons
#   system-integration.sh remove  [--prefix DIR]   undoes install
#   system-integration.sh archive                  writes the class-data archive for the image where it lies
#   system-integration.sh remove-archive           deletes it (the package does before dpkg removes the image)
#
# A user who unpacked the app image can run `lib/system-integration.sh install --prefix ~/.local` without root.
#
# Plain copies instead of jpackage's shortcut step: that step runs xdg-desktop-menu, which fails on a minimal
# system that lacks /usr/share/desktop-directories, and makes xdg-utils a dependency. Caches are refreshed only
# where their tools exist. Nothing here may fail an install: a step that cannot be done says so and is skipped.
set -u

app=$(cd "$(dirname "$0")/.." && pwd -P)
app_dir="$app/lib/app"
sizes="16 32 48 64 128 256 512"

say() { echo "holdfast: $*" >&2; }

prefix=/usr
command=${1:-}
[ $# -gt 0 ] && shift
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
    *) say "unknown option $1"; exit 2 ;;
  esac
done

# Only caches that exist are refreshed: without one, menus and GTK read the directories themselves, and a
# cache made here would be left behind on removal.
refresh_caches() {
  if command -v update-desktop-database >/dev/null 2>&1 && [ -f "$prefix/share/applications/mimeinfo.cache" ]; then
    update-desktop-database -q "$prefix/share/applications" 2>/dev/null || true
  fi
  if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$prefix/share/icons/hicolor/icon-theme.cache" ]; then
    gtk-update-icon-cache -q -t -f "$prefix/share/icons/hicolor" 2>/dev/null || true
  fi
}

# The application's class-data archive: the classes a start loads, from the class list the build recorded,
# mapped instead of parsed. The JVM checks the jars' paths against the ones recorded here, so it is written
# for the image where it lies. Takes a few seconds; without it Holdfast starts, only slower. Without a class
# list (the build had no Xvfb) it still holds the JDK's own default classes: the launchers name this file,
# and a JVM whose named archive is missing uses no archive at all, not even the runtime's base one.
write_archive() {
  java="$app/lib/runtime/bin/java"
  [ -x "$java" ] || { say "no $java; skipping the class-data archive"; return 0; }
  set --
  [ -f "$app_dir/holdfast.classlist" ] && set -- "-XX:SharedClassListFile=$app_dir/holdfast.classlist"
  # The class path exactly as the launcher passes it: the app.classpath lines of its configuration, in order.
  classpath=$(sed -n 's/^app\.classpath=//p' "$app_dir/Holdfast.cfg" | sed "s|[\$]APPDIR|$app_dir|g" | paste -s -d: -)
  tmp="$app_dir/holdfast.jsa.tmp"
  rm -f "$tmp"
  if "$java" -Xshare:dump "$@" -XX:SharedArchiveFile="$tmp" -cp "$classpath" >"$app_dir/holdfast.jsa.log" 2>&1 \
     && [ -s "$tmp" ]; then
    chmod 0444 "$tmp"
    mv -f "$tmp" "$app_dir/holdfast.jsa"
    rm -f "$app_dir/holdfast.jsa.log"
  else
    say "could not write the class-data archive (see $app_dir/holdfast.jsa.log); Holdfast starts without it"
    rm -f "$tmp"
  fi
}

remove_archive() {
  rm -f "$app_dir/holdfast.jsa" "$app_dir/holdfast.jsa.tmp" "$app_dir/holdfast.jsa.log"
}

link="$prefix/bin/holdfast"

install_integration() {
  mkdir -p "$prefix/bin" "$prefix/share/applications"
  if [ -e "$link" ] && [ "$(readlink "$link")" != "$app/bin/holdfast" ]; then
    say "$link exists and is not Holdfast's; leaving it (Holdfast's command is $app/bin/holdfast)"
  else
    ln -sfn "$app/bin/holdfast" "$link"
  fi
  # Exec names the launcher itself, so the menu starts this Holdfast whatever PATH holds.
  sed "s|^Exec=.*|Exec=$app/bin/Holdfast|" "$app/lib/desktop/holdfast.desktop" \
    > "$prefix/share/applications/holdfast.desktop.tmp"
  chmod 0644 "$prefix/share/applications/holdfast.desktop.tmp"
  mv -f "$prefix/share/applications/holdfast.desktop.tmp" "$prefix/share/applications/holdfast.desktop"
  for size in $sizes; do
    dir="$prefix/share/icons/hicolor/${size}x${size}/apps"
    mkdir -p "$dir"
    cp -f "$app/lib/icons/hicolor/${size}x${size}/apps/holdfast.png" "$dir/holdfast.png"
    chmod 0644 "$dir/holdfast.png"
  done
  # Menus that do not follow the icon theme look in pixmaps.
  if [ "$prefix" = /usr ]; then
    mkdir -p /usr/share/pixmaps
    cp -f "$app/lib/icons/hicolor/256x256/apps/holdfast.png" /usr/share/pixmaps/holdfast.png
    chmod 0644 /usr/share/pixmaps/holdfast.png
  fi
  refresh_caches
}

remove_integration() {
  if [ -L "$link" ] && [ "$(readlink "$link")" = "$app/bin/holdfast" ]; then
    rm -f "$link"
  fi
  rm -f "$prefix/share/applications/holdfast.desktop"
  for size in $sizes; do
    rm -f "$prefix/share/icons/hicolor/${size}x${size}/apps/holdfast.png"
  done
  [ "$prefix" = /usr ] && rm -f /usr/share/pixmaps/holdfast.png
  refresh_caches
}

case "$command" in
  install) install_integration ;;
  remove) remove_integration ;;
  archive) write_archive ;;
  remove-archive) remove_archive ;;
  *) say "usage: $0 install|remove [--prefix DIR] | archive | remove-archive"; exit 2 ;;
esac
exit 0
