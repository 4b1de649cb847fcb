#!/usr/bin/env bash
# Builds Holdfast's app image and installers with jpackage from JDK 17.
#
#   packaging/build-installers.sh --input app/target --dest /tmp/holdfast-packages
#   (or, from the repository root: mvn -B -Ppackage package -DskipTests, which writes into packaging/target)
#
# --input DIR      holdfast-app.jar and its runtime jars in DIR/lib (what `mvn -pl app -am package` leaves in
#                  app/target)
# --dest DIR       where the app image and installers go (its earlier ones are replaced)
# --types LIST     comma-separated: app-image, deb, rpm (Linux), dmg, pkg (macOS). Default: the app image and
#                  every installer this machine has the tools for.
# --version X.Y.Z  the version the packages carry (default: read from holdfast-app.jar; "-SNAPSHOT" dropped,
#                  since installers only take numbers)
# --no-cds         skip the training run that records the class list for the class-data archive
# --dry-run        print the commands instead of running them (no tool needed)
# --platform P     with --dry-run: linux or mac, to check the other platform's configuration from here
#
# Exit status: 0 built, 2 bad usage, 3 a tool this build needs is missing (the message names it), 1 failed.
#
# Layout of the Linux image (installed as /opt/holdfast):
#   bin/Holdfast                    jpackage launcher of dev.holdfast.app.Main (the desktop entry runs it)
#   bin/holdfast-ctl                jpackage launcher of dev.holdfast.app.control.CtlMain
#   bin/holdfast                    the command on the PATH: `holdfast ctl …` runs holdfast-ctl, anything else
#                                   runs Holdfast (linux/holdfast)
#   lib/app/                        the jars, natives unpacked from them, the CDS class list
#   lib/runtime/                    a jlink'ed JDK 17 (its bin/java writes the CDS archive)
#   lib/system-integration.sh       run by the package scripts: PATH link, menu entry, icons, CDS archive
#   lib/desktop, lib/icons          the desktop entry and the icon in every size, copied out by the former
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"

die() { echo "build-installers: $*" >&2; exit 1; }
missing_tool() { echo "build-installers: $*" >&2; exit 3; }
note() { echo "build-installers: $*" >&2; }

input="" dest="" types="" version="" cds=on dry_run=no platform=""
while (($#)); do
  case "$1" in
    --input) input="${2:?}"; shift 2 ;;
    --dest) dest="${2:?}"; shift 2 ;;
    --types) types="${2:?}"; shift 2 ;;
    --version) version="${2:?}"; shift 2 ;;
    --no-cds) cds=off; shift ;;
    --dry-run) dry_run=yes; shift ;;
    --platform) platform="${2:?}"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;;
    *) echo "build-installers: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ -n "$input" && -n "$dest" ]] || { echo "build-installers: --input and --dest are required (see --help)" >&2; exit 2; }
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
input="$(absolute "$input")" dest="$(absolute "$dest")"
if [[ -z "$platform" ]]; then
  case "$(uname -s)" in
    Linux) platform=linux ;;
    Darwin) platform=mac ;;
    *) die "jpackage installers are built on Linux and macOS only, not on $(uname -s)" ;;
  esac
elif [[ "$dry_run" != yes ]]; then
  echo "build-installers: --platform is only for --dry-run; jpackage builds for the machine it runs on" >&2; exit 2
fi
[[ "$platform" == linux || "$platform" == mac ]] || { echo "build-installers: --platform is linux or mac" >&2; exit 2; }

case "$(uname -m)" in
  x86_64|amd64) arch=x64 ;;
  aarch64|arm64) arch=aarch64 ;;
  *) die "no native libraries are packaged for $(uname -m)" ;;
esac

# ---- What goes into the packages -------------------------------------------------------------------------------

readonly app_name=Holdfast
readonly package_name=holdfast
readonly main_jar=holdfast-app.jar
readonly main_class=dev.holdfast.app.Main
readonly ctl_class=dev.holdfast.app.control.CtlMain
readonly vendor="Holdfast"
readonly description="A desktop terminal that never loses a terminal"
readonly copyright="Copyright (c) Holdfast contributors"
readonly mac_bundle_id=dev.holdfast
# Linux packages install the image as $install_dir/$package_name; the command links into /usr/bin.
readonly install_dir=/opt
# The libraries JavaFX loads at run time, declared: jpackage's own dependency scan (ldd over the image) adds
# only what the build machine happens to have installed, and finds nothing of JavaFX's inside its jars.
readonly deb_depends="libgtk-3-0, libxtst6, libpango-1.0-0, libpangoft2-1.0-0"
readonly rpm_depends="gtk3, libXtst, pango"
# The JDK modules the app and its libraries use (jdeps --print-module-deps over app/target/lib, plus the ones
# reached only by reflection or service loading: jdk.charsets, jdk.localedata, jdk.zipfs, java.management).
# A module missing here fails only in the packaged app, at the moment it is needed; the packaging tests start
# the image for real to catch that.
readonly jdk_modules=java.base,java.desktop,java.logging,java.management,java.naming,java.sql,java.xml,jdk.charsets,jdk.jfr,jdk.localedata,jdk.net,jdk.unsupported,jdk.zipfs

# Options baked into the launchers (jpackage ignores JDK_JAVA_OPTIONS, so these are the only ones the
# installed app gets). $APPDIR is expanded by the launcher to the image's lib/app directory.
# Heap, GC and encodings: packaging/holdfast.jvm-options, which ./holdfast reads too (the figures are there).
app_java_options=()
while IFS= read -r option; do
  option="${option%%#*}"
  if [[ "$option" == linux:* ]]; then
    [[ "$platform" == linux ]] || continue
    option="${option#linux:}"
  fi
  read -r option <<<"$option" || true
  if [[ -n "$option" ]]; then
    app_java_options+=("$option")
  fi
done < "$here/holdfast.jvm-options"
ctl_java_options=(
  -Xmx64m
  -XX:TieredStopAtLevel=1
  -Dfile.encoding=UTF-8
  -Dsun.stdout.encoding=UTF-8
)

# ---- Commands --------------------------------------------------------------------------------------------------

# Prints a command the way a shell would take it back, then runs it unless this is a dry run.
run() {
  local quoted=() arg
  for arg in "$@"; do quoted+=("$(printf '%q' "$arg")"); done
  echo "+ ${quoted[*]}" >&2
  [[ "$dry_run" == yes ]] || "$@"
}

# run_logged LOG COMMAND...: like run, with the command's chatter kept in LOG and shown only if it fails.
run_logged() {
  local log=$1; shift
  if [[ "$dry_run" == yes ]]; then run "$@"; return; fi
  echo "+ $* >$log" >&2
  "$@" >"$log" 2>&1 || { tail -n 40 "$log" >&2; die "failed: $1 (whole output in $log)"; }
}

jdk_tool() {
  local name=$1 candidate
  for candidate in ${JAVA_HOME:+"$JAVA_HOME/bin/$name"} \
                   "$(dirname "$(readlink -f "$(command -v javac 2>/dev/null || echo /nonexistent)")")/$name" \
                   "/usr/lib/jvm/java-17-openjdk-$( [[ $arch == x64 ]] && echo amd64 || echo arm64)/bin/$name"; do
    [[ -x "$candidate" ]] && { echo "$candidate"; return 0; }
  done
  return 1
}

if [[ "$dry_run" == yes ]]; then
  jpackage=jpackage jlink=jlink jar=jar
else
  jpackage="$(jdk_tool jpackage)" || missing_tool "jpackage was not found; it comes with JDK 17 (Debian: openjdk-17-jdk; set JAVA_HOME to choose a JDK)"
  jlink="$(jdk_tool jlink)" || missing_tool "jlink was not found next to jpackage (Debian: openjdk-17-jdk, with its jmods)"
  jar="$(jdk_tool jar)" || missing_tool "jar was not found next to jpackage"
  jdk_feature="$("$jpackage" --version | cut -d. -f1)"
  [[ "$jdk_feature" -ge 17 ]] 2>/dev/null || missing_tool "jpackage $("$jpackage" --version) is too old; JDK 17 or newer is needed"
fi

can_build() {
  case "$1" in
    app-image) return 0 ;;
    deb) command -v dpkg-deb >/dev/null 2>&1 && command -v fakeroot >/dev/null 2>&1 ;;
    rpm) command -v rpmbuild >/dev/null 2>&1 ;;
    dmg|pkg) [[ "$platform" == mac ]] ;;
  esac
}

if [[ -z "$types" ]]; then
  if [[ "$platform" == linux ]]; then candidates=(app-image deb rpm); else candidates=(app-image dmg pkg); fi
  types=""
  for t in "${candidates[@]}"; do
    if [[ "$dry_run" == yes ]] || can_build "$t"; then types+="${types:+,}$t"
    else note "not building $t: $( [[ $t == deb ]] && echo "dpkg-deb and fakeroot are" || echo "rpmbuild is") not installed"
    fi
  done
fi
IFS=, read -r -a type_list <<<"$types"
for t in "${type_list[@]}"; do
  case "$platform:$t" in
    *:app-image|linux:deb|linux:rpm|mac:dmg|mac:pkg) ;;
    *) echo "build-installers: $t is not built on $platform" >&2; exit 2 ;;
  esac
  [[ "$dry_run" == yes ]] || can_build "$t" || missing_tool "cannot build $t here: $(
    case $t in deb) echo "dpkg-deb and fakeroot are needed (Debian: dpkg-dev, fakeroot)";;
               rpm) echo "rpmbuild is needed (Debian: rpm)";; *) echo "it is built on macOS";; esac)"
done
wants() { [[ ",$types," == *",$1,"* ]]; }

[[ -f "$input/$main_jar" ]] || [[ "$dry_run" == yes ]] || die "$input/$main_jar is missing; build the app first: mvn -B -pl app -am package -DskipTests"
if [[ -z "$version" ]]; then
  if [[ "$dry_run" == yes ]]; then version=0.0.0; else
    unpacked="$(mktemp -d)"
    version="$(cd "$unpacked" && "$jar" xf "$input/$main_jar" dev/holdfast/app/version.properties \
               && sed -n 's/^version=//p' dev/holdfast/app/version.properties)"
    rm -rf "$unpacked"
  fi
fi
app_version="${version%%-*}"
[[ "$app_version" =~ ^[0-9]+(\.[0-9]+){0,2}$ ]] || die "version $version does not start with numbers like 1.2.3"

work="$dest/work"
image_parent="$work/image"
if [[ "$platform" == mac ]]; then image="$image_parent/$app_name.app"; app_dir="$image/Contents/app"
else image="$image_parent/$app_name"; app_dir="$image/lib/app"; fi
# Only what this script makes is removed from --dest, so it can be a build directory holding other things.
run rm -rf "$work" "$dest/$(basename "$image")"
if [[ "$dry_run" != yes && -d "$dest" ]]; then
  find "$dest" -maxdepth 1 -type f \( -name "${package_name}_*.deb" -o -name "${package_name}-*.rpm" \
    -o -name "$app_name-*.dmg" -o -name "$app_name-*.pkg" \) -delete
fi
run mkdir -p "$work/input/lib" "$work/resources" "$image_parent"

# ---- 1. The jars, and the natives unpacked from them -----------------------------------------------------------

run cp -p "$input/$main_jar" "$work/input/"
if [[ "$dry_run" == yes ]]; then run cp -p "$input/lib/*.jar" "$work/input/lib/"; else run cp -p "$input"/lib/*.jar "$work/input/lib/"; fi

# Each library would otherwise unpack its native library at run time: pty4j and sqlite-jdbc into a temp
# directory, JNA into ~/.cache/JNA, JavaFX into ~/.openjfx. Unpacked here once, the installed app loads them
# from its own read-only directory and writes no native code anywhere. Each is pointed at through the
# library's documented property; JavaFX looks next to its jars by itself.
if [[ "$platform" == linux ]]; then
  pty4j_path="linux/$( [[ $arch == x64 ]] && echo x86-64 || echo aarch64)"
  sqlite_path="Linux/$( [[ $arch == x64 ]] && echo x86_64 || echo aarch64)"
  jna_path="linux-$( [[ $arch == x64 ]] && echo x86-64 || echo aarch64)"
  javafx_classifier=linux$( [[ $arch == x64 ]] || echo -aarch64)
  native_suffix=so
else
  pty4j_path=darwin
  sqlite_path="Mac/$( [[ $arch == x64 ]] && echo x86_64 || echo aarch64)"
  jna_path="darwin-$( [[ $arch == x64 ]] && echo x86-64 || echo aarch64)"
  javafx_classifier=mac$( [[ $arch == x64 ]] || echo -aarch64)
  native_suffix=dylib
fi

# unpack JAR_GLOB ENTRY_DIR TARGET_DIR: the files under ENTRY_DIR of the one jar matching JAR_GLOB.
unpack() {
  local glob=$1 entry=$2 target=$3 jars
  if [[ "$dry_run" == yes ]]; then run "$jar" xf "$work/input/lib/$glob" "$entry/"; return; fi
  jars=("$work/input/lib/"$glob)
  echo "+ unpack $entry/ of ${jars[0]##*/} into $target" >&2
  [[ -f "${jars[0]}" ]] || die "no jar matches $glob in $input/lib"
  local tmp; tmp="$(mktemp -d "$work/unpack.XXXXXX")"
  (cd "$tmp" && "$jar" xf "${jars[0]}" "$entry/")
  [[ -n "$(ls -A "$tmp/$entry" 2>/dev/null)" ]] || die "$(basename "${jars[0]}") has no $entry/; did the library change its layout?"
  mkdir -p "$target"
  cp -R "$tmp/$entry/." "$target/"
  rm -rf "$tmp"
}
unpack 'pty4j-*.jar' "resources/com/pty4j/native/$pty4j_path" "$work/input/native/pty4j/$pty4j_path"
unpack 'sqlite-jdbc-*.jar' "org/sqlite/native/$sqlite_path" "$work/input/native/sqlite"
unpack 'jna-[0-9]*.jar' "com/sun/jna/$jna_path" "$work/input/native/jna"
[[ "$dry_run" == yes ]] || chmod -R a+rX,go-w "$work/input/native"
[[ "$dry_run" == yes ]] || chmod a+x "$work/input/native/pty4j/$pty4j_path"/* # the macOS spawn helper runs
for fx in "$work/input/lib/"javafx-graphics-*-"$javafx_classifier".jar; do
  [[ "$dry_run" == yes ]] && { run "$jar" xf "$fx" "*.$native_suffix"; break; }
  [[ -f "$fx" ]] || die "no javafx-graphics jar for $javafx_classifier in $input/lib"
  natives=()
  while IFS= read -r entry; do natives+=("$entry"); done < <("$jar" tf "$fx" | grep -E "^[^/]+\.$native_suffix\$")
  ((${#natives[@]})) || die "$(basename "$fx") holds no .$native_suffix files"
  (cd "$work/input/lib" && "$jar" xf "$fx" "${natives[@]}")
done
app_java_options+=(
  "-Dpty4j.preferred.native.folder=\$APPDIR/native/pty4j"
  "-Dorg.sqlite.lib.path=\$APPDIR/native/sqlite"
  "-Djna.boot.library.path=\$APPDIR/native/jna"
)
# The class-data archive (see step 4). A missing or stale archive is skipped silently by the JVM.
[[ "$platform" == linux ]] && app_java_options+=("-XX:SharedArchiveFile=\$APPDIR/holdfast.jsa")
[[ "$platform" == linux ]] && ctl_java_options+=("-XX:SharedArchiveFile=\$APPDIR/holdfast.jsa")

# ---- 2. The runtime: a jlink'ed JDK ---------------------------------------------------------------------------------------------------------

run "$jlink" --output "$work/runtime" --add-modules "$jdk_modules" \
  --strip-debug --no-man-pages --no-header-files
if [[ "$platform" == mac ]]; then
  # jlink leaves no CDS archive in a runtime, which doubles the JVM's own share of every start; this writes
  # the default one for exactly these modules. On Linux the launchers name the application's archive (step 4)
  # instead, and a JVM never falls back from a named archive to the default one, so it would go unused.
  run_logged "$work/cds-base.log" "$work/runtime/bin/java" -Xshare:dump
fi
# bin/java stays: the package scripts use it to write the application's archive where the app is installed.
run rm -f "$work/runtime/bin/keytool" "$work/runtime/bin/jfr"

# ---- 3. The app image -------------------------------------------------------------------------------------------

echo "+ write $work/holdfast-ctl.properties: main-class=$ctl_class java-options=${ctl_java_options[*]}" >&2
[[ "$dry_run" == yes ]] || printf 'main-class=%s\njava-options=%s\n' "$ctl_class" "${ctl_java_options[*]}" \
  > "$work/holdfast-ctl.properties"

common=(--name "$app_name" --app-version "$app_version" --vendor "$vendor" --description "$description"
        --copyright "$copyright")
image_args=("${common[@]}" --type app-image --dest "$image_parent"
            --input "$work/input" --main-jar "$main_jar" --main-class "$main_class"
            --runtime-image "$work/runtime"
            --add-launcher "holdfast-ctl=$work/holdfast-ctl.properties")
for option in "${app_java_options[@]}"; do image_args+=(--java-options "$option"); done
if [[ "$platform" == linux ]]; then
  image_args+=(--icon "$here/icon/hicolor/256x256/apps/holdfast.png")
else
  image_args+=(--icon "$here/icon/holdfast.icns" --mac-package-identifier "$mac_bundle_id"
               --mac-package-name "$app_name" --mac-app-category developer-tools)
fi
run "$jpackage" "${image_args[@]}"

if [[ "$platform" == linux ]]; then
  run install -m 0755 "$here/linux/holdfast" "$image/bin/holdfast"
  run install -m 0755 "$here/linux/system-integration.sh" "$image/lib/system-integration.sh"
  # Under lib/: jpackage's Linux packages keep only its own share/doc of an image's share/.
  run install -D -m 0644 "$here/linux/holdfast.desktop" "$image/lib/desktop/holdfast.desktop"
  for size in 16 32 48 64 128 256 512; do
    run install -D -m 0644 "$here/icon/hicolor/${size}x${size}/apps/holdfast.png" \
      "$image/lib/icons/hicolor/${size}x${size}/apps/holdfast.png"
  done
fi

# ---- 4. The class list for the application's class-data archive -------------------------------------------------

# Starting Holdfast loads about 6,000 classes; a CDS archive of them halves the CPU time to the
# first prompt (packaging/README.md has the figures). The archive records the absolute paths of the jars, so
# it is written where the app ends up: by the package scripts on Linux (system-integration.sh), from the
# class list recorded here by starting the image once, headless, up to its first shell prompt.
cfg="$app_dir/$app_name.cfg"
if [[ "$platform" != linux ]]; then
  note "no application class-data archive on macOS (a .app has no install step to write it); the base archive is in the runtime"
elif [[ "$cds" == off ]]; then
  note "no class list recorded (--no-cds)"
elif ! command -v xvfb-run >/dev/null 2>&1 && [[ "$dry_run" != yes ]]; then
  note "no class list recorded: the training start needs xvfb-run (Debian: xvfb xauth); the archive will hold only JDK classes"
else
  training="$work/training"
  run mkdir -p "$training/state" "$training/home" "$training/cache" "$training/config"
  # Temporary launcher options for this one run; a JVM given -XX:SharedArchiveFile cannot record a class list.
  run cp "$cfg" "$training/cfg.orig"
  [[ "$dry_run" == yes ]] || {
    grep -v -e '-XX:SharedArchiveFile=' "$training/cfg.orig" > "$cfg"
    printf 'java-options=%s\n' "-XX:DumpLoadedClassList=\$APPDIR/holdfast.classlist" "-Duser.home=$training/home" >> "$cfg"
  }
  echo "+ start $image/bin/$app_name headless until its first shell prompt" >&2
  if [[ "$dry_run" != yes ]]; then
    # The launcher writes its own pid, so the quit signal goes to it and to nothing else.
    HOLDFAST_STATE_DIR="$training/state" XDG_CACHE_HOME="$training/cache" XDG_CONFIG_HOME="$training/config" \
      HOME="$training/home" SHELL=/bin/sh \
      xvfb-run -a -s "-screen 0 1280x800x24" \
      sh -c 'echo $$ > "$1"; shift; exec "$@"' sh "$training/app.pid" "$image/bin/$app_name" \
      >"$training/output.txt" 2>&1 &
    xvfb_pid=$!
    log="$training/state/logs/holdfast.log"
    for _ in $(seq 1 600); do
      grep -q 'started \[' "$log" 2>/dev/null && break
      kill -0 "$xvfb_pid" 2>/dev/null || break
      sleep 0.1
    done
    if ! grep -q 'started \[' "$log" 2>/dev/null; then
      cat "$training/output.txt" "$log" >&2 2>/dev/null || true
      [[ -s "$training/app.pid" ]] && kill -KILL "$(cat "$training/app.pid")" 2>/dev/null
      die "the training start never reached a shell prompt"
    fi
    sleep 3 # the prompt is painted, the autosave and activity timers have run once
    app_pid="$(cat "$training/app.pid")"
    kill -TERM "$app_pid" 2>/dev/null || true # a clean quit: its classes are in the list too
    for _ in $(seq 1 200); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$app_pid" 2>/dev/null; then
      kill -KILL "$app_pid" 2>/dev/null || true
      note "the training start did not quit within 20 s of SIGTERM; its class list is kept"
    fi
    wait "$xvfb_pid" 2>/dev/null || true
    cp "$training/cfg.orig" "$cfg"
    [[ -s "$app_dir/holdfast.classlist" ]] || die "the training run recorded no class list"
    note "recorded $(grep -c -v '^#' "$app_dir/holdfast.classlist") classes for the class-data archive"
  fi
  run rm -rf "$training/home" "$training/cache" "$training/config"
fi

# ---- 5. Installers ----------------------------------------------------------------------------------------------

package_common=("${common[@]}" --app-image "$image" --dest "$dest")
[[ "$platform" == linux ]] && package_common+=(--install-dir "$install_dir")
if wants deb; then
  # jpackage fills its own placeholders into these templates, but has none for the install directory.
  for script in postinst prerm; do
    echo "+ write $work/resources/$script from linux/deb/$script for $install_dir/$package_name" >&2
    [[ "$dry_run" == yes ]] ||
      sed "s|@INSTALLED_APP@|$install_dir/$package_name|g" "$here/linux/deb/$script" > "$work/resources/$script"
  done
  run "$jpackage" "${package_common[@]}" --type deb --resource-dir "$work/resources" \
    --linux-package-name "$package_name" --linux-app-release 1 --linux-app-category x11 \
    --linux-deb-maintainer "Holdfast developers <holdfast@users.noreply.github.com>" \
    --linux-package-deps "$deb_depends"
fi
if wants rpm; then
  rpm_resources="$work/rpm-resources"
  run mkdir -p "$rpm_resources"
  run cp "$here/linux/rpm/holdfast.spec" "$rpm_resources/"
  run "$jpackage" "${package_common[@]}" --type rpm --resource-dir "$rpm_resources" \
    --linux-package-name "$package_name" --linux-app-release 1 --linux-rpm-license-type "Proprietary" \
    --linux-package-deps "$rpm_depends"
fi
for t in dmg pkg; do
  wants "$t" || continue
  run "$jpackage" "${package_common[@]}" --type "$t" --mac-package-identifier "$mac_bundle_id" \
    --mac-package-name "$app_name"
done
if wants app-image; then
  run mv "$image" "$dest/"
  image="$dest/$(basename "$image")"
  # The image stays where it was built (or is unpacked elsewhere and used from there): give it its archive
  # now, for this location. A moved image silently runs without it until `lib/system-integration.sh archive`.
  if [[ "$platform" == linux ]]; then run "$image/lib/system-integration.sh" archive; fi
fi
run rm -rf "$work"
if [[ "$dry_run" != yes ]]; then
  note "built in $dest:"
  find "$dest" -maxdepth 1 \( -name "$(basename "$image")" -o -name "${package_name}_*.deb" \
    -o -name "${package_name}-*.rpm" -o -name "$app_name-*.dmg" -o -name "$app_name-*.pkg" \) \
    -exec du -sh {} + >&2
fi
