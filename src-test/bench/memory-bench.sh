#!/usr/bin/env bash
# Memory benchmark: the resident memory (RSS) of Holdfast's JVM in the three cases of issue 15, for each JVM
# option set given, so heap and GC settings are chosen by measurement. Prints figures; never fails on size.
#
#   1. one idle tab, a few seconds after its first prompt            (target <= 150 MB)
#   2. one tab after `seq 1 1000000` and `cat` of 50 MB of colour-dense lines, default 10,000 lines of history
#                                                                     (target <= 250 MB)
#   3. ten tabs, each after `cat` of 100,000 coloured lines, 100,000 lines of history each
#                                                                     (target <= 1.5 GB)
#
# Each case is a fresh app (on $DISPLAY, else under xvfb-run), settled for a few seconds after its output, so
# a GC that gives memory back has had its chance, as it would for a user looking at the result.
#
#   src-test/bench/memory-bench.sh [--quick] [--only N] [OPTION SET]...
#     each OPTION SET is one quoted string of JVM options replacing the launcher's heap and GC options; without
#     any, the launcher's own (packaging/holdfast.jvm-options) are measured, and the first set is the baseline of the
#     ratios. --quick: smaller floods (200,000 lines, a 10 MB file, 20,000 lines per tab). --only N: case N alone.
#     The rendering pipeline is the app's own choice (software under Xvfb, with no OpenGL library loaded; see
#     app's rendering/RenderingPipeline); an option set with -Dprism.order=es2,sw measures JavaFX's own instead.
# Example:
#   src-test/bench/memory-bench.sh "-Xms64m -Xmx2g -XX:+UseG1GC" "-Xms32m -Xmx2g -XX:+UseG1GC -XX:G1PeriodicGCInterval=20000"
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
jar="$root/app/target/holdfast-app.jar"
quick=0
only=""
sets=()
args=("$@")
while (($#)); do
  case "$1" in
    --quick) quick=1 ;;
    --only) only=$2; shift ;;
    *) sets+=("$1") ;;
  esac
  shift
done
if ((${#sets[@]} == 0)); then
  # The launcher's heap and GC options (packaging/holdfast.jvm-options, the -X and -XX ones), as ./holdfast
  # gives them on Linux.
  sets+=("-XX:+IgnoreUnrecognizedVMOptions $(sed 's/#.*//; s/^linux://' "$root/packaging/holdfast.jvm-options" \
    | grep -o -- '-X[^ ]*' | tr '\n' ' ')")
fi
lines=1000000 megabytes=50 tab_lines=100000
((quick)) && lines=200000 megabytes=10 tab_lines=20000

if [[ -z "${DISPLAY:-}" ]] && command -v xvfb-run >/dev/null 2>&1 && [[ -z "${HOLDFAST_BENCH_UNDER_XVFB:-}" ]]; then
  HOLDFAST_BENCH_UNDER_XVFB=1 exec xvfb-run -a -s "-screen 0 1400x900x24" "$0" ${args[@]+"${args[@]}"}
fi
[[ -n "${DISPLAY:-}" ]] || { echo "memory-bench: needs a DISPLAY or xvfb-run" >&2; exit 3; }
# One session bus for the whole run, ended with it (as terminal-bench.sh): without one, JavaFX's GTK autolaunches
# a bus with dbus-launch at every start of the app, and those daemons and their launchers outlived the benchmark.
export NO_AT_BRIDGE=1
if command -v dbus-run-session >/dev/null 2>&1 && [[ -z "${HOLDFAST_BENCH_UNDER_DBUS:-}" ]]; then
  HOLDFAST_BENCH_UNDER_DBUS=1 exec dbus-run-session -- "$0" ${args[@]+"${args[@]}"}
fi
[[ -f "$jar" ]] || (cd "$root" && mvn -B -q -DskipTests -pl app -am package) || exit 1

work="$(mktemp -d /tmp/hf-membench.XXXXXX)"
app=""
cleanup() { [[ -n "$app" ]] && kill -9 "$app" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export HOLDFAST_STATE_DIR="$work/state" XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache"
export HOME="$work/home" SHELL=/bin/bash
mkdir -p "$HOME" "$XDG_CONFIG_HOME/holdfast"
printf 'PS1="$ "\nHISTFILE=/dev/null\n' > "$HOME/.bash_profile"

# Coloured lines like a build log (terminal-bench.sh's file): the 50 MB flood, and 100,000 lines for each tab.
python3 - "$work/colour.txt" "$megabytes" "$work/tab.txt" "$tab_lines" <<'PY'
import sys
line = "".join(f"\x1b[3{i % 8}m{'word' * 3}\x1b[0m \x1b[1;38;5;{(i * 7) % 256}mbold{i}\x1b[0m " for i in range(6)) + "\n"
with open(sys.argv[1], "w") as f:
    written = n = 0
    while written < int(sys.argv[2]) * 1024 * 1024:
        s = f"{n:08d} " + line
        f.write(s); written += len(s); n += 1
with open(sys.argv[3], "w") as f:
    for n in range(int(sys.argv[4])):
        f.write(f"{n:08d} " + line)
PY

ctl() { java -Xshare:auto -XX:TieredStopAtLevel=1 -Xmx64m -cp "$jar:$root/app/target/lib/*" dev.holdfast.app.control.CtlMain "$@"; }
timer="$root/src-test/bench/timed.sh"

start_app() {
  local history="$1" options="$2"
  echo "{\"scrollbackLines\": $history, \"restoreSessions\": false}" > "$XDG_CONFIG_HOME/holdfast/settings.json"
  rm -rf "$HOLDFAST_STATE_DIR"
  # shellcheck disable=SC2086 # an option set is a list of words
  java $options -Dfile.encoding=UTF-8 -jar "$jar" >"$work/app.log" 2>&1 &
  app=$!
  for _ in $(seq 1 240); do ctl list >/dev/null 2>&1 && return 0; sleep 0.5; done
  echo "Holdfast did not start" >&2; cat "$work/app.log" >&2; return 1
}
stop_app() {
  ctl quit >/dev/null 2>&1
  for _ in $(seq 1 50); do kill -0 "$app" 2>/dev/null || { app=""; return; }; sleep 0.2; done
  kill -9 "$app" 2>/dev/null; app=""
}
panels() { ctl list --json | python3 -c 'import json,sys; print(" ".join(p["panelId"] for p in json.load(sys.stdin)))'; }
# Runs a command in a tab and waits until the terminal has processed its output (timed.sh's answer).
run_in_tab() {
  local panel="$1" command="$2" file="$work/result-$RANDOM$RANDOM"
  ctl send --panel "$panel" --text "bash $timer $file $command"$'\r' >/dev/null
  for _ in $(seq 1 6000); do [[ -f "$file" ]] && return 0; sleep 0.2; done
  echo "memory-bench: '$command' never finished" >&2; return 1
}
await_prompt() { for _ in $(seq 1 100); do ctl read --panel "$1" 2>/dev/null | grep -q '\$' && return 0; sleep 0.2; done; }
rss_mb() { awk '/^VmRSS:/ {printf "%.0f", $2 / 1024}' "/proc/$app/status"; }
heap_mb() {
  ctl stats --json | python3 -c '
import json, sys
m = json.load(sys.stdin)["memory"]
print("%.0f/%.0f" % (m["heapUsedBytes"] / 2**20, m["heapCommittedBytes"] / 2**20))'
}
settle() { sleep "${HOLDFAST_BENCH_SETTLE:-8}"; }

declare -A rss heap
measure() {
  local set="$1" options="$2" case="$3"
  case "$case" in
    1) start_app 10000 "$options" || return
       await_prompt "$(panels)"; settle ;;
    2) start_app 10000 "$options" || return
       panel="$(panels)"
       run_in_tab "$panel" "seq 1 $lines" && run_in_tab "$panel" "cat $work/colour.txt"; settle ;;
    3) start_app 100000 "$options" || return
       for _ in $(seq 2 10); do ctl new-tab >/dev/null; done
       for panel in $(panels); do run_in_tab "$panel" "cat $work/tab.txt" || break; done; settle ;;
  esac
  rss[$set,$case]="$(rss_mb)"
  heap[$set,$case]="$(heap_mb)"
  stop_app
}

printf '\nHoldfast memory benchmark (display %s, %s cores; RSS of the JVM after settling)\n' "$DISPLAY" "$(nproc)"
cases=(1 2 3)
[[ -n "$only" ]] && cases=("$only")
for i in "${!sets[@]}"; do
  echo "option set $((i + 1)): ${sets[$i]}"
  for c in "${cases[@]}"; do measure "$i" "${sets[$i]}" "$c"; echo "  case $c: ${rss[$i,$c]:-?} MB RSS, heap used/committed ${heap[$i,$c]:-?} MB"; done
done

names=([1]="one idle tab" [2]="one tab after both floods, 10k lines" [3]="ten tabs x ${tab_lines} coloured lines")
targets=([1]=150 [2]=250 [3]=1536)
printf '\n%-40s %8s' "case (target MB)" "target"
for i in "${!sets[@]}"; do printf ' %10s' "set $((i + 1))"; done
((${#sets[@]} > 1)) && printf '  (ratios to set 1)'
echo
for c in "${cases[@]}"; do
  printf '%-40s %8s' "${names[$c]}" "${targets[$c]}"
  for i in "${!sets[@]}"; do printf ' %7s MB' "${rss[$i,$c]:-?}"; done
  if ((${#sets[@]} > 1)); then
    for i in "${!sets[@]}"; do
      ((i == 0)) && continue
      printf '  %s' "$(python3 -c 'import sys; a, b = sys.argv[1:]; print(f"{float(b) / float(a):.2f}x" if a.isdigit() and b.isdigit() else "?")' "${rss[0,$c]:-}" "${rss[$i,$c]:-}")"
    done
  fi
  echo
done
