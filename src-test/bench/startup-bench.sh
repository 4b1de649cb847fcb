#!/usr/bin/env bash
# Start-up benchmark: ./holdfast from launch to its first shell prompt, three times with its class-data archive
# and three times without (HOLDFAST_CDS=off: the baseline, in the same run), each with a fresh state directory
# (packaging/measure-startup.sh does the timing: wall time and the CPU time the JVM had used by then). Prints
# figures and the ratio; never fails on slowness.
#
#   src-test/bench/startup-bench.sh [--runs N]
#
# The archive is made the way a user gets it: a first start records the classes, the next writes the archive;
# both happen here first, in a private cache directory, before anything is timed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
runs=3
[[ "${1:-}" == --runs ]] && runs=$2
measure="$root/packaging/measure-startup.sh"
# One session bus for the whole run, ended with it (as terminal-bench.sh): without one, JavaFX's GTK autolaunches
# a bus with dbus-launch at every start of the app, and those daemons and their launchers outlived the benchmark.
# NO_AT_BRIDGE: no accessibility bus either, for the timed starts and for the ones before them alike.
export NO_AT_BRIDGE=1
if command -v dbus-run-session >/dev/null 2>&1 && [[ -z "${HOLDFAST_BENCH_UNDER_DBUS:-}" ]]; then
  HOLDFAST_BENCH_UNDER_DBUS=1 exec dbus-run-session -- "$0" "$@"
fi
work="$(mktemp -d /tmp/hf-startbench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config"
mkdir -p "$XDG_CACHE_HOME" "$XDG_CONFIG_HOME"

# Build if needed (./holdfast would, inside the first timed run otherwise).
(cd "$root" && ./holdfast --version >/dev/null)

echo "preparing the class-data archive (a start records the classes, the next writes the archive)..."
"$measure" --runs 1 "$root/holdfast" >/dev/null
"$measure" --runs 1 "$root/holdfast" >/dev/null
for _ in $(seq 1 600); do
  compgen -G "$XDG_CACHE_HOME/holdfast/cds/*.jsa" >/dev/null && [[ -z "$(compgen -G "$XDG_CACHE_HOME/holdfast/cds/*.lock")" ]] && break
  sleep 0.2
done
archive="$(compgen -G "$XDG_CACHE_HOME/holdfast/cds/*.jsa" || true)"
[[ -n "$archive" ]] || echo "startup-bench: no archive was written; both rows below are without one" >&2

echo "with the archive ($(du -h "${archive:-/dev/null}" | cut -f1)):"
with="$("$measure" --runs "$runs" "$root/holdfast" | tee /dev/stderr | tail -n 1)"
echo "without (HOLDFAST_CDS=off):"
without="$(HOLDFAST_CDS=off "$measure" --runs "$runs" "$root/holdfast" | tee /dev/stderr | tail -n 1)"

python3 - "$with" "$without" "$(nproc)" <<'PY'
import re, sys
def figures(line):
    wall, cpu = re.findall(r"(\d+) ms", line)
    return int(wall), int(cpu)
(w, c), (w0, c0) = figures(sys.argv[1]), figures(sys.argv[2])
print(f"\n./holdfast to the first prompt, median ({sys.argv[3]} cores; target 1,000 ms wall):")
print(f"  with its archive     {w:6,} ms wall {c:6,} ms CPU")
print(f"  without (baseline)   {w0:6,} ms wall {c0:6,} ms CPU")
print(f"  ratio                {w / w0:9.2f}x     {c / c0:9.2f}x")
PY
