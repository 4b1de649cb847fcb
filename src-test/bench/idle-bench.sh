#!/usr/bin/env bash
# What ten idle tabs cost: Holdfast started through ./holdfast (the launcher's JVM options, as a user gets it), ten
# tabs at their prompts, then the process's CPU over a window after a warm-up, as a share of one core, and the
# threads that used it (those over 0.02%). Once with the sidebar hidden, once shown (Ctrl+Shift+B, typed with xdotool). Prints figures;
# never fails on them.
#
#   src-test/bench/idle-bench.sh [--seconds N] [--warmup N] [--app-root DIR]
#     --seconds: the measured window (default 30); --warmup: the wait before it (default 30: past start-up, JIT
#     warm-up and the cursor's 10 s of blinking); --app-root: another build's root (for before/after figures)
#
# Runs on $DISPLAY, else under xvfb-run; wrap it in `flock /tmp/hf-bench.lock` on a shared machine.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
args=("$@")
app_root="$root"
seconds=30
warmup=30
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --app-root) app_root="$(cd "$2" && pwd -P)"; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

if [[ -z "${DISPLAY:-}" ]] && [[ -z "${HOLDFAST_IDLE_UNDER_XVFB:-}" ]]; then
  HOLDFAST_IDLE_UNDER_XVFB=1 exec xvfb-run -a -s "-screen 0 1400x900x24" "$0" ${args[@]+"${args[@]}"}
fi
export NO_AT_BRIDGE=1
if command -v dbus-run-session >/dev/null 2>&1 && [[ -z "${HOLDFAST_IDLE_UNDER_DBUS:-}" ]]; then
  HOLDFAST_IDLE_UNDER_DBUS=1 exec dbus-run-session -- "$0" ${args[@]+"${args[@]}"}
fi

work="$(mktemp -d /tmp/hf-idle.XXXXXX)"
app=""
cleanup() {
  if [[ -n "$app" ]] && kill -0 "$app" 2>/dev/null; then kill -9 "$app" 2>/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
export HOLDFAST_STATE_DIR="$work/state" XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache"
export HOME="$work/home" SHELL=/bin/bash
mkdir -p "$HOME" "$XDG_CONFIG_HOME/holdfast"
printf 'PS1="$ "\nHISTFILE=/dev/null\n' > "$HOME/.bash_profile"
echo '{"restoreSessions": false}' > "$XDG_CONFIG_HOME/holdfast/settings.json"

ctl() { "$app_root/holdfast" ctl "$@"; }
hz=$(getconf CLK_TCK)

# CPU ticks (user + system) of the process, and of each thread by name.
# utime + stime: fields 14 and 15 of stat, counted after the ")" that ends the name (a thread's name may hold spaces).
stat_ticks() { sed 's/^.*) //' "$1" 2>/dev/null | awk '{print $12 + $13}'; }
process_ticks() { stat_ticks "/proc/$app/stat"; }
# Per thread, the nanoseconds it ran (schedstat): exact, where clock ticks charge a whole tick to a thread that
# happens to run at it, which over-counts a thread that wakes often for a moment (the FX thread's pulse timer).
thread_ticks() {
  for task in /proc/"$app"/task/*; do
    printf '%s\t%s\n' "$(cat "$task/comm" 2>/dev/null)" "$(cut -d' ' -f1 "$task/schedstat" 2>/dev/null)"
  done
}

measure() {
  local label="$1"
  local t0 t1 before after
  before="$(thread_ticks)"
  t0=$(process_ticks)
  sleep "$seconds"
  t1=$(process_ticks)
  after="$(thread_ticks)"
  printf '%-22s %6s%% of one core over %s s (load average %s)\n' "$label" \
    "$(python3 -c "print(f'{($t1 - $t0) / $hz / $seconds * 100:.2f}')")" "$seconds" \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
  python3 - "$seconds" "$before" "$after" <<'PY'
import sys
seconds = float(sys.argv[1])
def parse(text):
    totals = {}
    for line in text.splitlines():
        name, _, ticks = line.partition("\t")
        if ticks.strip():
            # Threads of one pool share a name prefix: holdfast-pty-reader-3f2a, holdfast-background-2.
            key = name.rsplit("-", 1)[0] if name.startswith("holdfast-pty") else name
            totals[key] = totals.get(key, 0) + int(ticks)
    return totals
before, after = parse(sys.argv[2]), parse(sys.argv[3])
used = sorted(((after[k] - before.get(k, 0), k) for k in after), reverse=True)
for ticks, name in used:
    if ticks / 1e9 / seconds >= 0.0002:
        print(f"    {name:<28} {ticks / 1e9 / seconds * 100:6.2f}%")
PY
}

"$app_root/holdfast" >"$work/app.log" 2>&1 &
app=$!
for _ in $(seq 1 240); do ctl list >/dev/null 2>&1 && break; sleep 0.5; done
ctl list >/dev/null 2>&1 || { echo "Holdfast did not start" >&2; cat "$work/app.log" >&2; exit 1; }
# The launcher execs java: the pid stays the JVM's.
for _ in $(seq 1 9); do ctl new-tab >/dev/null; done
echo "Holdfast at $app_root, ten idle tabs, $(nproc) cores"
sleep "$warmup"
measure "sidebar hidden"
if command -v xdotool >/dev/null 2>&1; then
  xdotool search --sync --onlyvisible --name Holdfast windowfocus --sync key ctrl+shift+b 2>/dev/null
  sleep "$warmup"
  measure "sidebar shown"
fi
ctl quit >/dev/null 2>&1
for _ in $(seq 1 50); do kill -0 "$app" 2>/dev/null || break; sleep 0.2; done
