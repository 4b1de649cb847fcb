#!/usr/bin/env bash
# Terminal throughput benchmark. Prints figures; never fails on slowness.
#
# In one run, on this machine: `seq 1 1000000` and `cat` of a generated 50 MB file with colour codes,
#   (b) in a Holdfast tab (on $DISPLAY, else under xvfb-run, else headless Monocle),
#   (c) in xterm when it is installed (under the same display),
# each with 1,000 and 100,000 lines of history; the FX thread's worst stall and p99 during each flood;
# and the CPU that ten idle tabs cost; and (a), JediTerm's emulator alone with no UI, library buffer vs ours
# (the Java ScrollbackBenchmark in terminal-core's tests; its library run at 100,000 lines of history takes
# minutes, so the script times the library only with --with-library).
#
#   src-test/bench/terminal-bench.sh [--quick] [--with-library]   --quick: 200,000 lines and a 10 MB file
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
jar="$root/app/target/holdfast-app.jar"
quick=0
with_library=0
for arg in "$@"; do
  [[ "$arg" == "--quick" ]] && quick=1
  [[ "$arg" == "--with-library" ]] && with_library=1
done
lines=1000000
megabytes=50
((quick)) && lines=200000 && megabytes=10

if [[ -z "${DISPLAY:-}" ]] && command -v xvfb-run >/dev/null 2>&1 && [[ -z "${HOLDFAST_BENCH_UNDER_XVFB:-}" ]]; then
  HOLDFAST_BENCH_UNDER_XVFB=1 exec xvfb-run -a -s "-screen 0 1400x900x24" "$0" "$@"
fi
[[ -f "$jar" ]] || (cd "$root" && mvn -B -q -DskipTests -pl app -am package) || exit 1
maven_repo="${MAVEN_REPO:-$HOME/.m2/repository}"

work="$(mktemp -d /tmp/hf-bench.XXXXXX)"
trap 'pkill -9 -f -- "-Dholdfast.bench=$work" 2>/dev/null; rm -rf "$work"' EXIT
export HOLDFAST_STATE_DIR="$work/state" XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache"
export HOME="$work/home" SHELL=/bin/bash
mkdir -p "$HOME" "$XDG_CONFIG_HOME/holdfast"
printf 'PS1="$ "\nHISTFILE=/dev/null\n' > "$HOME/.bash_profile"

# A file of coloured lines, like a build log or `ls --color` output.
data="$work/colour.txt"
python3 - "$data" "$megabytes" <<'PY'
import sys
path, mb = sys.argv[1], int(sys.argv[2])
line = "".join(f"\x1b[3{i % 8}m{'word' * 3}\x1b[0m \x1b[1;38;5;{(i * 7) % 256}mbold{i}\x1b[0m " for i in range(6)) + "\n"
with open(path, "w") as f:
    written = 0
    n = 0
    while written < mb * 1024 * 1024:
        s = f"{n:08d} " + line
        f.write(s)
        written += len(s)
        n += 1
PY

java_cmd=(java -Xmx2g -Dholdfast.bench="$work")
if [[ -n "${DISPLAY:-}" ]]; then
  java_cmd+=(-jar "$jar")
  display="display $DISPLAY"
else
  monocle="$(ls "$maven_repo"/org/testfx/openjfx-monocle/*/openjfx-monocle-*.jar 2>/dev/null | head -1)"
  java_cmd+=(-Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Djava.awt.headless=true
             -cp "$jar:$root/app/target/lib/*:$monocle" dev.holdfast.app.Main)
  display="headless Monocle"
fi
ctl() { java -Xshare:auto -XX:TieredStopAtLevel=1 -Xmx64m -cp "$jar:$root/app/target/lib/*" dev.holdfast.app.control.CtlMain "$@"; }
app_pid() { pgrep -f -- "-Dholdfast.bench=$work" | head -1; }

start_app() {
  local history="$1"
  echo "{\"scrollbackLines\": $history, \"restoreSessions\": false}" > "$XDG_CONFIG_HOME/holdfast/settings.json"
  "${java_cmd[@]}" >"$work/app.log" 2>&1 &
  disown
  for _ in $(seq 1 120); do ctl list >/dev/null 2>&1 && return 0; sleep 0.5; done
  echo "Holdfast did not start" >&2
  cat "$work/app.log" >&2
  return 1
}
stop_app() { ctl quit >/dev/null 2>&1; for _ in $(seq 1 50); do [[ -z "$(app_pid)" ]] && return; sleep 0.2; done; kill -9 "$(app_pid)" 2>/dev/null; }
first_panel() { ctl list --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["panelId"])'; }
stalls() { ctl stats --json | python3 -c '
import json, sys
s = json.load(sys.stdin)["fxStalls"]
print(json.dumps(s["histogram"]), s["maxMillis"])'; }

# Runs a command in the tab and waits for its end marker; prints the wall seconds.
run_in_tab() {
  local panel="$1" command="$2" tag="done-$RANDOM$RANDOM"
  local start end
  start=$(date +%s.%N)
  ctl send --panel "$panel" --text "$command; echo $tag"$'\r' >/dev/null
  while ! ctl read --panel "$panel" --lines 3 | grep -q "^$tag"; do sleep 0.2; done
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.2f}')"
}

# p99 and max of the FX probe delays between two histogram snapshots.
stall_summary() {
  python3 - "$1" "$2" <<'PY'
import json, sys
before, after = (json.loads(a.rsplit(" ", 1)[0]) for a in sys.argv[1:3])
worst = float(sys.argv[2].rsplit(" ", 1)[1])
delta = {k: after[k] - before.get(k, 0) for k in after}
total = sum(delta.values())
p99 = "-"
if total:
    seen = 0
    for label, n in delta.items():
        seen += n
        if seen >= 0.99 * total:
            p99 = label
            break
print(f"p99 {p99}, max {worst:.0f} ms")
PY
}

printf '\nHoldfast terminal benchmark (%s; %s lines, %s MB coloured file)\n' "$display" "$lines" "$megabytes"
if [[ -d "$root/terminal-core/target/test-classes" ]]; then
  echo
  echo "(a) emulator alone:"
  java -Xmx2g -XX:+UseG1GC -cp "$root/terminal-core/target/test-classes:$root/terminal-core/target/classes:$root/app/target/lib/*" \
    dev.holdfast.terminal.scrollback.ScrollbackBenchmark "$lines" $( ((with_library)) || echo holdfast)
  echo
else
  echo "(a) emulator alone: build the tests first (mvn -B -pl terminal-core test-compile)"
fi
printf '%-28s %10s %10s   %s\n' "workload" "hist 1k" "hist 100k" "FX stalls (100k run)"
declare -A result
declare -A stall
for history in 1000 100000; do
  start_app "$history" || exit 1
  panel="$(first_panel)"
  sleep 1
  for workload in "seq" "cat"; do
    if [[ "$workload" == seq ]]; then command="seq 1 $lines"; else command="cat $data"; fi
    before="$(stalls)"
    result[$workload,$history]="$(run_in_tab "$panel" "$command")"
    stall[$workload]="$(stall_summary "$before" "$(stalls)")"
  done
  stop_app
done
for workload in seq cat; do
  label="seq 1 $lines"
  [[ "$workload" == cat ]] && label="cat ${megabytes} MB colour"
  ratio="$(python3 -c "print(f'{${result[$workload,100000]} / max(${result[$workload,1000]}, 0.01):.2f}')")"
  printf '%-28s %9ss %9ss   %s   (100k/1k = %s)\n' "Holdfast: $label" "${result[$workload,1000]}" \
    "${result[$workload,100000]}" "${stall[$workload]}" "$ratio"
done

if command -v xterm >/dev/null 2>&1 && [[ -n "${DISPLAY:-}" ]]; then
  for workload in seq cat; do
    if [[ "$workload" == seq ]]; then command="seq 1 $lines"; else command="cat $data"; fi
    for history in 1000 100000; do
      start=$(date +%s.%N)
      xterm -sl "$history" -geometry 120x40 -e bash -c "$command" >/dev/null 2>&1
      end=$(date +%s.%N)
      result[x$workload,$history]="$(python3 -c "print(f'{$end - $start:.2f}')")"
    done
    printf '%-28s %9ss %9ss\n' "xterm: $workload" "${result[x$workload,1000]}" "${result[x$workload,100000]}"
  done
else
  echo "xterm: not installed or no display; skipped"
fi

# Ten idle tabs: CPU time the process uses over 10 s, as a share of one core.
start_app 10000 || exit 1
for _ in $(seq 1 9); do ctl new-tab >/dev/null; done
sleep 30 # past start-up and JIT warm-up: the steady state is what an idle window costs
pid="$(app_pid)"
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
t0=$(ticks); sleep 10; t1=$(ticks)
printf '%-28s %9s%% of one core (10 tabs, 10 s after a 30 s warm-up, cursor blinking)\n' "idle CPU" \
  "$(python3 -c "print(f'{($t1 - $t0) / $hz / 10 * 100:.2f}')")"
stop_app
