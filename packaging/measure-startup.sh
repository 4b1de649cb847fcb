#!/usr/bin/env bash
# Measures how long a Holdfast launcher takes from exec to its first shell prompt (the log line
# "Panel …: started [shell] (pid …)"), on a virtual display, with a fresh state directory each run.
#
#   packaging/measure-startup.sh [--runs N] LAUNCHER [JAVA_TOOL_OPTIONS]
#   packaging/measure-startup.sh /opt/holdfast/bin/Holdfast
#   packaging/measure-startup.sh /opt/holdfast/bin/Holdfast -Xshare:off      # without any CDS archive
#
# Prints each run's wall time and the CPU time the process had used by then (less sensitive to other load on
# the machine than wall time), then the medians. Needs Xvfb (Debian: xvfb) unless DISPLAY is set.
set -euo pipefail

runs=7
if [[ "${1:-}" == --runs ]]; then runs=$2; shift 2; fi
launcher=${1:?usage: measure-startup.sh [--runs N] LAUNCHER [JAVA_TOOL_OPTIONS]}
tool_options=${2:-}

work="$(mktemp -d)"
xvfb_pid=""
cleanup() {
  [[ -n "$xvfb_pid" ]] && kill "$xvfb_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

if [[ -z "${DISPLAY:-}" ]]; then
  command -v Xvfb >/dev/null 2>&1 || { echo "measure-startup: needs Xvfb (Debian: apt-get install xvfb) or a DISPLAY" >&2; exit 3; }
  for n in $(seq 90 120); do [[ -e /tmp/.X11-unix/X$n ]] || break; done
  Xvfb ":$n" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  export DISPLAY=":$n"
  sleep 1
fi

ticks=$(getconf CLK_TCK)
walls=() cpus=()
for run in $(seq 1 "$runs"); do
  state="$work/state-$run"
  start=$(date +%s%3N)
  HOLDFAST_STATE_DIR="$state" JAVA_TOOL_OPTIONS="$tool_options" "$launcher" >"$work/console-$run.txt" 2>&1 &
  pid=$!
  wall=""
  for _ in $(seq 1 3000); do
    if grep -q 'started \[' "$state/logs/holdfast.log" 2>/dev/null; then wall=$(( $(date +%s%3N) - start )); break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  cpu=""
  if [[ -r /proc/$pid/stat ]]; then
    # utime and stime, fields 14 and 15, after the parenthesised command name.
    read -r -a fields <<<"$(sed 's/^.*) //' "/proc/$pid/stat")"
    cpu=$(( (fields[11] + fields[12]) * 1000 / ticks ))
  fi
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [[ -n "$wall" ]] || { echo "measure-startup: run $run never reached a prompt; its console:" >&2; cat "$work/console-$run.txt" >&2; exit 1; }
  echo "run $run: ${wall} ms to the first prompt, ${cpu:-?} ms CPU"
  walls+=("$wall") cpus+=("${cpu:-0}")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'; }
echo "median of $runs: $(median "${walls[@]}") ms to the first prompt, $(median "${cpus[@]}") ms CPU"
