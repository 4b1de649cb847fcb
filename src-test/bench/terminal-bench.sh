#!/usr/bin/env bash
# Terminal throughput benchmark. Prints figures; never fails on slowness.
#
# In one run, on this machine: `seq 1 1000000` and `cat` of a generated 50 MB file with colour codes,
#   (a) through JediTerm's emulator alone with no UI: a real PTY and bash feeding a headless terminal session
#       (terminal-core's ShellThroughputBenchmark), and, for reference, the emulator fed from memory with no PTY
#       (ScrollbackBenchmark; its library-buffer run at 100,000 lines of history takes minutes, so only with
#       --with-library),
#   (b) in a visible Holdfast tab (on $DISPLAY, else under xvfb-run, else headless Monocle),
#   (c) in the terminals a user would pick instead, each installed one under the same display and at the same
#       size: Alacritty, VTE (xfce4-terminal), st and xterm (Debian: alacritty xfce4-terminal stterm xterm dbus),
# each with 1,000 and 100,000 lines of history (st keeps none: it has no scrollback); the FX thread's worst stall
# and p99 during each flood; the CPU that ten idle tabs cost; and Holdfast's ratio to the best of Alacritty, VTE
# and st in the same run (the target is at most 1.0).
#
# Every terminal is timed the same way, from inside it: timed.sh notes the time, runs the command, then asks
# the terminal for its cursor position and notes the time of the answer. A terminal answers only after it has
# processed all the output before the question, so the figure is the terminal's work, not the pipe's, and
# nothing polls the terminal while it works.
#
# (a), (b) and (c) report the best of three runs (xterm: one, its seq takes many seconds); (b) once the JIT has
# settled (see warm_up), with its first flood after start beside it.
#
#   src-test/bench/terminal-bench.sh [--quick] [--with-library] [--jediterm-too]
#     --quick: 200,000 lines and a 10 MB file; --jediterm-too: (b) again with "emulatorParser": "jediterm", the
#     library's emulator that Holdfast's own parser replaced
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
jar="$root/app/target/holdfast-app.jar"
quick=0
with_library=0
jediterm_too=0
for arg in "$@"; do
  [[ "$arg" == "--quick" ]] && quick=1
  [[ "$arg" == "--with-library" ]] && with_library=1
  [[ "$arg" == "--jediterm-too" ]] && jediterm_too=1
done
lines=1000000
megabytes=50
((quick)) && lines=200000 && megabytes=10

if [[ -z "${DISPLAY:-}" ]] && command -v xvfb-run >/dev/null 2>&1 && [[ -z "${HOLDFAST_BENCH_UNDER_XVFB:-}" ]]; then
  HOLDFAST_BENCH_UNDER_XVFB=1 exec xvfb-run -a -s "-screen 0 1400x900x24" "$0" "$@"
fi
# One session bus for the whole run, ended with it: without one, every GTK program (xfce4-terminal, and Holdfast
# through JavaFX) autolaunches a bus of its own with dbus-launch, and those daemons and their launchers outlived
# the benchmark. NO_AT_BRIDGE keeps GTK from starting the accessibility bus on it, the same for every terminal.
export NO_AT_BRIDGE=1
if command -v dbus-run-session >/dev/null 2>&1 && [[ -z "${HOLDFAST_BENCH_UNDER_DBUS:-}" ]]; then
  HOLDFAST_BENCH_UNDER_DBUS=1 exec dbus-run-session -- "$0" "$@"
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

# The JVM options of the ./holdfast launcher, so the figures are what a user gets; add more with HOLDFAST_JAVA_OPTS.
# shellcheck disable=SC2207 # one option a line, none with spaces
java_cmd=(java -XX:+IgnoreUnrecognizedVMOptions $(sed 's/#.*//; s/^linux://' "$root/packaging/holdfast.jvm-options")
          ${HOLDFAST_JAVA_OPTS:-} -Dholdfast.bench="$work")
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
  local history="$1" parser="${2:-holdfast}"
  echo "{\"scrollbackLines\": $history, \"restoreSessions\": false, \"emulatorParser\": \"$parser\"}" \
    > "$XDG_CONFIG_HOME/holdfast/settings.json"
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
print(json.dumps({"histogram": s["histogram"], "count": s.get("stallCount", 0),
                  "kept": [k["millis"] for k in s.get("stalls", [])]}))'; }

timer="$root/src-test/bench/timed.sh"
# Waits for timed.sh's result file and prints the seconds it measured.
await_result() {
  local file="$1"
  for _ in $(seq 1 3000); do
    if [[ -f "$file" ]]; then
      python3 -c "import sys; s, e = open(sys.argv[1]).read().split(); print(f'{float(e) - float(s):.2f}')" "$file"
      return 0
    fi
    sleep 0.2
  done
  echo "timeout"
}

# Runs a command in the tab under timed.sh; prints the seconds the terminal took.
run_in_tab() {
  local panel="$1" command="$2" file="$work/result-$RANDOM$RANDOM"
  ctl send --panel "$panel" --text "bash $timer $file $command"$'\r' >/dev/null
  await_result "$file"
}

runs=3 # each figure is the best of this many runs, to see past a busy machine, as (a) does
best_in_tab() {
  local best=""
  for _ in $(seq 1 "$runs"); do
    local t; t="$(run_in_tab "$1" "$2")"
    best="$(python3 -c "import sys; a, b = sys.argv[1:]; print(b if not a or float(b) < float(a) else a)" "$best" "$t")"
  done
  echo "$best"
}

# p99 and worst of the FX probe delays between two snapshots: the worst is that of the stalls (100 ms and more)
# kept between them, exact, or, with none, the top bucket the two histograms differ in (the monitor's own maximum
# is since the app started, start-up and warm-up runs included).
stall_summary() {
  python3 - "$1" "$2" <<'PY'
import json, sys
before, after = (json.loads(a) for a in sys.argv[1:3])
delta = {k: after["histogram"][k] - before["histogram"].get(k, 0) for k in after["histogram"]}
total = sum(delta.values())
p99 = "-"
if total:
    seen = 0
    for label, n in delta.items():
        seen += n
        if seen >= 0.99 * total:
            p99 = label
            break
new = after["count"] - before["count"]
if new > 0:
    kept = after["kept"][-min(new, len(after["kept"])):]
    worst = f"{max(kept):.0f} ms ({new} stall(s) of 100 ms or more)"
else:
    top = [label for label, n in delta.items() if n > 0]
    worst = top[-1] if top else "-"
print(f"p99 {p99}, max {worst}")
PY
}

# CPU ticks so far of each of the app's threads by the part of the work it does, and of the tab's shell with the
# programs it ran (what the shell waited for), as JSON: where a flood's CPU goes, beside its seconds.
cpu_snapshot() {
  python3 - "$(app_pid)" <<'PY'
import json, os, sys
pid = sys.argv[1]
def ticks(path, children=False):
    with open(path) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15 if children else 13])
def part(name):
    for prefix, label in (("holdfast-pty-re", "reader"), ("holdfast-pty-dr", "drain"), ("JavaFX Applicat", "FX"), ("QuantumRenderer", "renderer"),
                          ("C1 Compiler", "JIT"), ("C2 Compiler", "JIT"), ("GC Thread", "GC"), ("G1 ", "GC"),
                          ("VM Thread", "GC")):
        if name.startswith(prefix):
            return label
    return "other"
parts = {}
for tid in os.listdir(f"/proc/{pid}/task"):
    try:
        name = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
        parts[part(name)] = parts.get(part(name), 0) + ticks(f"/proc/{pid}/task/{tid}/stat")
    except OSError:
        pass
# The shell is the child of whichever thread started it, listed in that thread's children.
for tid in os.listdir(f"/proc/{pid}/task"):
    try:
        children = open(f"/proc/{pid}/task/{tid}/children").read().split()
    except OSError:
        continue
    for child in children:
        try:
            if open(f"/proc/{child}/comm").read().strip() == "bash":
                parts["shell and program"] = parts.get("shell and program", 0) + ticks(f"/proc/{child}/stat", True)
        except OSError:
            pass
print(json.dumps(parts))
PY
}
# The CPU seconds between two snapshots, by part, largest first.
cpu_summary() {
  python3 - "$1" "$2" "$(getconf CLK_TCK)" <<'PY'
import json, sys
before, after, hz = json.loads(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3])
used = {k: (v - before.get(k, 0)) / hz for k, v in after.items()}
order = ["reader", "drain", "FX", "renderer", "JIT", "GC", "other", "shell and program"]
print(", ".join(f"{k} {used[k]:.2f}" for k in order if k in used))
PY
}

printf '\nHoldfast terminal benchmark (%s; %s lines, %s MB coloured file)\n' "$display" "$lines" "$megabytes"
declare -A result
declare -A stall
declare -A cpu
workload_command() { if [[ "$1" == seq ]]; then echo "seq 1 $lines"; else echo "cat $data"; fi; }

# A fresh JVM compiles for several floods: C2 alone spent 1.6, 0.9, 0.6 and 0.4 CPU seconds in the first four
# seq floods of a new Holdfast on 2 cores, then about 0.1 (JavaFX's text and rendering, the parser, the activity
# watcher's reads), and each of those floods took longer for it. The timed runs measure the app warm, as a JVM
# benchmark does (JMH), once a flood's compiling has fallen under a tenth of its seconds, at most
# max_warm_ups floods; the first flood after start (seq's truly cold, cat's after seq's) is reported on its own,
# and how many it took.
max_warm_ups=8
declare -A first warm_ups
jit_seconds() {
  python3 - "$1" "$2" "$(getconf CLK_TCK)" <<'PY'
import json, sys
before, after, hz = json.loads(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3])
print(f"{(after.get('JIT', 0) - before.get('JIT', 0)) / hz:.2f}")
PY
}
warm_up() {
  local panel="$1" workload="$2" prefix="$3" history="$4" n t before jit
  for n in $(seq 1 "$max_warm_ups"); do
    before="$(cpu_snapshot)"
    t="$(run_in_tab "$panel" "$(workload_command "$workload")")"
    jit="$(jit_seconds "$before" "$(cpu_snapshot)")"
    ((n == 1)) && first[$prefix$workload,$history]="$t"
    warm_ups[$prefix$workload,$history]="$n"
    [[ "$t" == timeout ]] && return
    python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < 0.1 * float(sys.argv[2]) else 1)" "$jit" "$t" && return
  done
}

# Times both workloads in a fresh Holdfast per history size; results under keys prefixed by $2 ("" or "j").
time_holdfast() {
  local parser="$1" prefix="$2"
  for history in 1000 100000; do
    start_app "$history" "$parser" || exit 1
    panel="$(first_panel)"
    ctl send --panel "$panel" --text "stty size > $work/size"$'\r' >/dev/null
    for _ in $(seq 1 50); do [[ -s "$work/size" ]] && break; sleep 0.2; done
    read -r rows columns < "$work/size"
    for workload in seq cat; do
      warm_up "$panel" "$workload" "$prefix" "$history"
    done
    for workload in seq cat; do
      before="$(stalls)"
      cpu_before="$(cpu_snapshot)"
      result[$prefix$workload,$history]="$(best_in_tab "$panel" "$(workload_command "$workload")")"
      cpu[$prefix$workload,$history]="$(cpu_summary "$cpu_before" "$(cpu_snapshot)")"
      stall[$prefix$workload,$history]="$(stall_summary "$before" "$(stalls)")"
    done
    stop_app
    rm -f "$work/size"
  done
}
echo "(b) a visible Holdfast tab..."
columns=120
rows=40
time_holdfast holdfast ""
if ((jediterm_too)); then
  echo "(b') the same with \"emulatorParser\": \"jediterm\"..."
  time_holdfast jediterm j
fi

if [[ -d "$root/terminal-core/target/test-classes" ]]; then
  core_cp="$root/terminal-core/target/test-classes:$root/terminal-core/target/classes:$root/app/target/lib/*"
  echo "(a) the emulator alone, no UI, through a PTY and bash, ${columns}x${rows}..."
  for history in 1000 100000; do
    # A JVM per history size, as the tab gets a fresh app per size: neither run inherits the other's warm JIT.
    java -Xms64m -Xmx2g -XX:+UseG1GC -Dbench.size="${columns}x${rows}" -Dbench.runs="$runs" -Dbench.histories="$history" \
      -cp "$core_cp" dev.holdfast.terminal.emulation.ShellThroughputBenchmark "$timer" \
      "seq=$(workload_command seq)" "cat=$(workload_command cat)" >> "$work/headless.txt" 2>/dev/null
  done
  while read -r workload history seconds; do
    result[a$workload,$history]="$seconds"
  done < <(sed -n 's/^  \([a-z]*\) *history *\([0-9,]*\): *\([0-9.]*\) s$/\1 \2 \3/p' "$work/headless.txt" | tr -d ,)
else
  echo "(a) skipped: build terminal-core's tests first (mvn -B -pl terminal-core test-compile)"
fi

# Starts terminal $1 at the tab's size with $2 lines of history running timed.sh, writing its result to $3.
other_terminal() {
  local who="$1" history="$2" file="$3"
  shift 3
  case "$who" in
    alacritty)
      alacritty -o "scrolling.history=$history" -o "window.dimensions.columns=$columns" \
        -o "window.dimensions.lines=$rows" -e bash "$timer" "$file" "$@" >/dev/null 2>&1 ;;
    vte)
      # xfce4-terminal reads its settings from the config directory on a first start; a private one per run.
      local config="$work/xfce-$RANDOM$RANDOM"
      mkdir -p "$config/xfce4/terminal"
      printf '[Configuration]\nScrollingLines=%s\nMiscDefaultGeometry=%sx%s\n' "$history" "$columns" "$rows" \
        > "$config/xfce4/terminal/terminalrc"
      XDG_CONFIG_HOME="$config" xfce4-terminal --disable-server \
        --geometry="${columns}x${rows}" -x bash "$timer" "$file" "$@" >/dev/null 2>&1 ;;
    st) st -g "${columns}x${rows}" -e bash "$timer" "$file" "$@" >/dev/null 2>&1 ;;
    # xterm as a user gets it: jump scroll is on by default.
    xterm) xterm -sl "$history" -geometry "${columns}x${rows}" -e bash "$timer" "$file" "$@" >/dev/null 2>&1 ;;
  esac
}
declare -A program=([alacritty]=alacritty [vte]=xfce4-terminal [st]=st [xterm]=xterm)
declare -A label=([alacritty]="Alacritty" [vte]="VTE (xfce4-terminal)" [st]="st" [xterm]="xterm")
others=(alacritty vte st xterm)
for who in "${others[@]}"; do
  if ! command -v "${program[$who]}" >/dev/null 2>&1 || [[ -z "${DISPLAY:-}" ]] \
      || { [[ "$who" == vte ]] && [[ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]]; }; then
    echo "(c) ${label[$who]}: not installed or no display; skipped"
    continue
  fi
  echo "(c) ${label[$who]}, ${columns}x${rows}..."
  tries=$runs
  [[ "$who" == xterm ]] && tries=1
  for workload in seq cat; do
    for history in 1000 100000; do
      best=""
      for _ in $(seq 1 "$tries"); do
        file="$work/$who-$workload-$history-$RANDOM"
        other_terminal "$who" "$history" "$file" $(workload_command "$workload")
        t="$(await_result "$file")"
        [[ "$t" == timeout ]] && continue
        best="$(python3 -c "import sys; a, b = sys.argv[1:]; print(b if not a or float(b) < float(a) else a)" "$best" "$t")"
      done
      result[$who$workload,$history]="${best:-timeout}"
    done
  done
done

ratio() {
  python3 -c "import sys; a, b = sys.argv[1:]; print(f'{float(a) / float(b):.2f}' if float(b) else '-')" "$1" "$2" \
    2>/dev/null || echo -
}
echo
printf '%-48s %9s %9s %8s   %s\n' "seconds, by lines of history" "1k" "100k" "100k/1k" "FX thread stalls during the flood (1k; 100k)"
for workload in seq cat; do
  label="seq 1 $lines"
  [[ "$workload" == cat ]] && label="cat ${megabytes} MB coloured"
  tab_rows=(a b)
  ((jediterm_too)) && tab_rows+=(j)
  for who in "${tab_rows[@]}" "${others[@]}"; do
    case "$who" in
      a) name="(a) emulator alone"; key="a$workload"; extra="" ;;
      b) name="(b) Holdfast tab"; key="$workload"; extra="${stall[$workload,1000]:-}; ${stall[$workload,100000]:-}" ;;
      j) name="(b') Holdfast, jediterm parser"; key="j$workload"
         extra="${stall[j$workload,1000]:-}; ${stall[j$workload,100000]:-}" ;;
      *) name="(c) ${label[$who]}"; key="$who$workload"; extra="" ;;
    esac
    printf '%-48s %8ss %8ss %8s   %s\n' "$label: $name" "${result[$key,1000]:--}" "${result[$key,100000]:--}" \
      "$(ratio "${result[$key,100000]:-}" "${result[$key,1000]:-}")" "$extra"
    if [[ "$who" == b || "$who" == j ]]; then
      printf '%-48s %8ss %8ss %8s   %s\n' "$label:   its first flood after start" "${first[$key,1000]:--}" \
        "${first[$key,100000]:--}" "" "warm after ${warm_ups[$key,1000]:--}; ${warm_ups[$key,100000]:--} flood(s)"
    fi
  done
done
echo
# The best of Alacritty, VTE and st for a workload at a history size, and who it was.
best_other() {
  local workload="$1" history="$2" best="" who=""
  for candidate in alacritty vte st; do
    local t="${result[$candidate$workload,$history]:-}"
    [[ -z "$t" || "$t" == timeout ]] && continue
    if [[ -z "$best" ]] || python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < float(sys.argv[2]) else 1)" "$t" "$best"; then
      best="$t"; who="${label[$candidate]}"
    fi
  done
  echo "$best ${who:--}"
}
echo "CPU seconds of the Holdfast tab during its $runs timed runs of each flood, by thread (reader: the thread that"
echo "parses the PTY's output; drain: the thread that reads it ahead of the parser; FX: the JavaFX application thread;"
echo "renderer: JavaFX's render thread; JIT, GC; shell and program: bash and what it ran):"
for key in seq,1000 seq,100000 cat,1000 cat,100000; do
  printf '  %-4s history %6s:  %s\n' "${key%,*}" "${key#*,}" "${cpu[$key]:--}"
done
echo
echo "targets: Holdfast / best of Alacritty, VTE and st <= 1.0 (stretch 0.8); Holdfast 100k/1k <= 1.1; b/a <= 1.25"
for workload in seq cat; do
  for history in 1000 100000; do
    read -r best who <<<"$(best_other "$workload" "$history")"
    printf '  %-4s history %6s:  Holdfast / best (%s, %s s) %5s   b/a %5s   b/xterm %5s\n' "$workload" "$history" \
      "$who" "${best:--}" "$(ratio "${result[$workload,$history]:-}" "${best:-}")" \
      "$(ratio "${result[$workload,$history]:-}" "${result[a$workload,$history]:-}")" \
      "$(ratio "${result[$workload,$history]:-}" "${result[xterm$workload,$history]:-}")"
  done
done

if [[ -n "${core_cp:-}" ]]; then
  echo
  echo "For reference, the emulator fed from memory (no PTY, no shell):"
  java -Xmx2g -XX:+UseG1GC -cp "$core_cp" dev.holdfast.terminal.scrollback.ScrollbackBenchmark "$lines" \
    $( ((with_library)) || echo holdfast)
fi
echo

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
