#!/usr/bin/env bash
# The kill -9 dogfood: Holdfast must bring back every tab's scrollback after a crash, after a second crash
# right after the restore, after two crashes in a row during start-up, and after a clean quit.
#
#   src-test/dogfood/kill9.sh          real cadences (autosave 8 s, checkpoint every 60 s): a few minutes
#   src-test/dogfood/kill9.sh --fast   short cadences through settings.json: under two minutes
#
# Runs on the display when there is one ($DISPLAY), else headless (JavaFX Monocle; set
# HOLDFAST_MONOCLE_JAR to the openjfx-monocle jar, or have it in ~/.m2). Prints PASS/FAIL per step and
# "N passed, M failed"; exits non-zero on any failure.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
jar="$root/app/target/holdfast-app.jar"
fast=0
[[ "${1:-}" == "--fast" ]] && fast=1

passed=0
failed=0
pass() { echo "PASS  $*"; passed=$((passed + 1)); }
fail() { echo "FAIL  $*"; failed=$((failed + 1)); }
note() { echo "      $*"; }

if [[ ! -f "$jar" ]]; then
  note "building Holdfast..."
  (cd "$root" && mvn -B -q -DskipTests -pl app -am package) || { fail "build"; echo "0 passed, 1 failed"; exit 1; }
fi

maven_repo="${MAVEN_REPO:-$HOME/.m2/repository}"

# A short path: Unix socket paths are limited to about 100 bytes.
work="$(mktemp -d /tmp/hf-dogfood.XXXXXX)"
export HOLDFAST_STATE_DIR="$work/state"
export XDG_CONFIG_HOME="$work/config"
export XDG_CACHE_HOME="$work/cache"
export HOME="$work/home"
export SHELL=/bin/bash
mkdir -p "$HOME" "$XDG_CONFIG_HOME/holdfast"
# A plain prompt, no user rc files: the markers must not depend on this machine's shell setup.
printf 'PS1="$ "\nHISTFILE=/dev/null\n' > "$HOME/.bash_profile"
if ((fast)); then
  echo '{"saveTiming": {"autosaveSeconds": 1, "checkpointIntervalSeconds": 3, "typingQuietSeconds": 1}}' \
    > "$XDG_CONFIG_HOME/holdfast/settings.json"
  checkpoint_wait=30
else
  checkpoint_wait=150
fi

java_cmd=(java -Xmx512m -Dholdfast.dogfood="$work")
if [[ -n "${DISPLAY:-}" ]]; then
  note "running on display $DISPLAY"
  java_cmd+=(-jar "$jar")
else
  monocle="${HOLDFAST_MONOCLE_JAR:-}"
  if [[ -z "$monocle" ]]; then
    monocle="$(ls "$maven_repo"/org/testfx/openjfx-monocle/*/openjfx-monocle-*.jar 2>/dev/null | head -1)"
  fi
  if [[ -z "$monocle" || ! -f "$monocle" ]]; then
    fail "no display and no openjfx-monocle jar for headless mode (set DISPLAY or HOLDFAST_MONOCLE_JAR)"
    echo "$passed passed, $failed failed"
    exit 1
  fi
  note "running headless (Monocle)"
  java_cmd+=(-Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Djava.awt.headless=true
             -cp "$jar:$root/app/target/lib/*:$monocle" dev.holdfast.app.Main)
fi

ctl() { java -Xshare:auto -XX:TieredStopAtLevel=1 -Xmx64m -cp "$jar:$root/app/target/lib/*" dev.holdfast.app.control.CtlMain "$@"; }
app_pid() { pgrep -f -- "-Dholdfast.dogfood=$work" | head -1; }

cleanup() {
  local pid
  for pid in $(pgrep -f -- "-Dholdfast.dogfood=$work"); do
    kill -9 "$pid" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT

launch_app() {
  "${java_cmd[@]}" >>"$work/app.log" 2>&1 &
  disown
}

start_app() {
  launch_app
  local i
  for i in $(seq 1 120); do
    if ctl list >/dev/null 2>&1; then
      return 0
    fi
    sleep 0.5
  done
  return 1
}

panels() {
  ctl list --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
for t in (d["tabs"] if isinstance(d, dict) else d):
    print(t["panelId"])'
}

# Waits until a checkpoint covers, in every tab, all the output parsed when it was called. (A tab that keeps
# printing always has newer output pending, so "nothing pending" would never come.)
wait_for_checkpoint() {
  local targets
  targets="$(ctl stats --json | python3 -c '
import json, sys
for p in json.load(sys.stdin)["checkpoints"]["panels"]:
    print(p["panelId"], p["processedGeneration"])')"
  local deadline=$((SECONDS + checkpoint_wait))
  while ((SECONDS < deadline)); do
    if ctl stats --json | TARGETS="$targets" python3 -c '
import json, os, sys
want = dict(line.split() for line in os.environ["TARGETS"].splitlines() if line.strip())
panels = {p["panelId"]: p for p in json.load(sys.stdin)["checkpoints"]["panels"]}
ok = bool(want) and all(pid in panels and panels[pid]["capturedGeneration"] >= int(gen) for pid, gen in want.items())
sys.exit(0 if ok else 1)' 2>/dev/null; then
      return 0
    fi
    sleep 1
  done
  return 1
}

crash() {
  local pid
  pid="$(app_pid)"
  if [[ -z "$pid" ]]; then
    return 1
  fi
  kill -9 "$pid"
  local i
  for i in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  return 1
}

# The launch the sentinel names now (empty when there is none or it is being replaced).
sentinel_launch() {
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["launchId"])' \
    "$HOLDFAST_STATE_DIR/launch.sentinel" 2>/dev/null
}

# Starts Holdfast and kill -9s it as soon as it has claimed the sentinel: during start-up, before the restored
# scrollback is written back as its own checkpoints.
crash_during_startup() {
  local before now i
  before="$(sentinel_launch)"
  launch_app
  for i in $(seq 1 300); do
    now="$(sentinel_launch)"
    if [[ -n "$now" && "$now" != "$before" ]]; then
      crash
      return $?
    fi
    sleep 0.05
  done
  return 1
}

# Every marker must be in the scrollback of some tab.
check_markers() {
  local step="$1" all="" id marker
  for id in $(panels); do
    all+="$(ctl read --panel "$id" --scrollback)"$'\n'
  done
  for marker in "${markers[@]}"; do
    if grep -qF -- "$marker" <<<"$all"; then
      pass "$step: $marker is back"
    else
      fail "$step: $marker is missing"
    fi
  done
}

markers=()

# 1. Start and make three tabs with distinctive coloured output; one keeps printing through the crash.
if start_app; then pass "Holdfast started"; else fail "Holdfast did not start"; cat "$work/app.log"; echo "$passed passed, $failed failed"; exit 1; fi
tag="$(date +%s)-$RANDOM"
first="$(panels | head -1)"
second="$(ctl new-tab --cwd /tmp --title second)"
third="$(ctl new-tab --cwd "$HOME" --title busy)"
sleep 1
i=0
for id in "$first" "$second" "$third"; do
  i=$((i + 1))
  marker="marker-$i-$tag"
  markers+=("$marker")
  ctl send --panel "$id" --text "printf '\\033[3${i}m%s\\033[0m\\n' $marker; seq 1 40 | sed s/^/line-$i-/"$'\r' >/dev/null
done
ctl send --panel "$third" --text 'while :; do echo tick-$RANDOM; sleep 0.2; done'$'\r' >/dev/null
sleep 2
if ctl read --panel "$first" --scrollback --ansi | grep -qE $'\x1b''\[([0-9]+;)*31m'"${markers[0]}"; then
  pass "markers are drawn in colour (ctl read --ansi)"
else
  fail "marker colour missing in the first tab: $(ctl read --panel "$first" --scrollback --ansi | grep -F "${markers[0]}" | cat -v)"
fi

# 2. Wait past a checkpoint, then kill -9.
if wait_for_checkpoint; then pass "a checkpoint covered every tab"; else fail "no checkpoint covered every tab in ${checkpoint_wait}s"; fi
if crash; then pass "kill -9"; else fail "kill -9 did not end Holdfast"; fi

# 3. Relaunch: everything is back.
if start_app; then pass "relaunched after the crash"; else fail "relaunch after the crash"; fi
sleep 2
check_markers "after the crash"
if [[ "$(panels | wc -l)" -eq 3 ]]; then pass "three tabs restored"; else fail "expected three tabs, found $(panels | wc -l)"; fi

# 4. kill -9 again within 60 s of that relaunch: the restored scrollback was seeded, so it survives.
if crash; then pass "second kill -9, right after the restore"; else fail "second kill -9"; fi
if start_app; then pass "relaunched after the second crash"; else fail "relaunch after the second crash"; fi
sleep 2
check_markers "after the second crash"

# 5. A crash loop during start-up: two launches in a row killed right after they claimed the sentinel, before
#    they wrote anything of their own. The checkpoints they inherited stay valid, so the next launch still has
#    everything.
if crash; then pass "kill -9 before the start-up crashes"; else fail "kill -9 before the start-up crashes"; fi
if crash_during_startup; then pass "kill -9 during start-up"; else fail "kill -9 during start-up"; fi
if crash_during_startup; then pass "kill -9 during start-up, again"; else fail "kill -9 during start-up, again"; fi
if start_app; then pass "relaunched after the start-up crashes"; else fail "relaunch after the start-up crashes"; fi
sleep 2
check_markers "after two crashes during start-up"

# 6. A clean quit saves scrollback too.
ctl quit >/dev/null
for _ in $(seq 1 100); do [[ -z "$(app_pid)" ]] && break; sleep 0.1; done
if [[ -z "$(app_pid)" && ! -e "$HOLDFAST_STATE_DIR/launch.sentinel" ]]; then pass "clean quit"; else fail "clean quit"; fi
if start_app; then pass "relaunched after the clean quit"; else fail "relaunch after the clean quit"; fi
sleep 2
check_markers "after the clean quit"
ctl quit >/dev/null

echo "$passed passed, $failed failed"
((failed == 0))
