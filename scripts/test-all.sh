#!/usr/bin/env bash
# `npm test`: every gate, on tracks side by side so that the 2-core machine is never idle (docs/test-suite-speed.md).
#   build (web, console, server), with lint and typecheck beside it
#   then, side by side:
#     browser track, normal priority:  e2e (two files at a time) -> e2e-alone (one at a time) ->
#                                      date-sensitive files on other days (four dates side by side)
#     checks track, nice 10:           unit -> api (three files at a time)
#   (lint and typecheck, at nice 19, go on beside them until they end)
# The browser journeys spend most of their wall time waiting on a page or a server (a file's CPU
# is about half its wall time), so the CPU-bound checks fill those gaps; at a lower priority they
# yield the moment a journey's browser or server needs the CPU, so a journey's timing is as when it
# ran alone. The API tests that start the server run the build, hence the build first.
# The API suite also runs on PostgreSQL when TEST_DATABASE_URL is set (see .ci/run).
# A failed step stops its own track; the other runs to its end, so one run reports every failure.
# Each step's output is printed whole when it ends; a line every minute says what is still running.
# The last line printed is always `N passed, N failed` (vitest tests over all projects run so far;
# a test file that fails outside its tests counts as one failure). Works without a TTY.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
RESULTS="$ROOT/test-results"
VITEST="$ROOT/node_modules/.bin/vitest"
mkdir -p "$RESULTS"
rm -f "$RESULTS"/vitest-*.json
WORK=$(mktemp -d)
STATUS="$WORK/status" # one line per ended step: name|rc|wall seconds|CPU seconds
: >"$STATUS"
STARTED_ALL=$SECONDS
# V8's compiled code kept on disk for every Node process of the run (Node's module compile cache,
# keyed by each file's content): the journeys' ~64 server starts and the workers would otherwise
# compile the same modules again each time — measured on a server start, its compile time fell
# from 2.5 s to 0.6 s of a profile. A developer's later runs reuse it; a changed file is compiled anew.
export NODE_COMPILE_CACHE=${NODE_COMPILE_CACHE:-$ROOT/node_modules/.cache/node-compile-cache}
# the steps in the order the summary lists them (and the exit code picks the first failure of)
ORDER=("lint" "typecheck" "build" "unit tests" "api tests" "date-sensitive files on other days" "e2e tests (Chromium)" "e2e tests run alone (Chromium)")

# What `npm test` needs from the system, checked before anything runs: a missing piece stops the
# run at once with the line to type, instead of failures twenty minutes in (README, first screen).
preflight() {
  local missing=() chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
  [ -x "$chromium" ] || missing+=(chromium)
  command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
  # screenshots and the browser journeys' text checks need a font with Chinese glyphs
  if ! { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh family 2>/dev/null | head -n 1)" ]; }; then
    missing+=(fonts-wqy-microhei)
  fi
  if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
    echo "note: the browser journeys run in the full Chromium, at about twice the CPU a page;" >&2
    echo "  apt-get install -y chromium-headless-shell  makes npm test faster (docs/decisions/0064)" >&2
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    echo "npm test needs system packages that this machine lacks: ${missing[*]}" >&2
    echo "install them (Debian/Ubuntu, as root) and run npm test again:" >&2
    echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
    echo "(PostgreSQL is optional: with TEST_DATABASE_URL set the API suite runs on it too; see .ci/run)" >&2
    exit 3
  fi
}

summary() {
  local rc=$?
  stop_tracks
  local counts
  # Sum over the json reports vitest wrote; tolerate missing/partial files (a crashed run).
  counts=$(node -e '
    const fs = require("fs"), path = require("path");
    const dir = process.argv[1];
    let passed = 0, failed = 0;
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (!/^vitest-.*\.json$/.test(f)) continue;
      try {
        const r = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
        passed += r.numPassedTests || 0;
        failed += r.numFailedTests || 0;
        // a file that failed outside its tests (import error, failing beforeAll: its tests show
        // as skipped) counts as one failure, or the line would read "0 failed" for a red run
        for (const t of r.testResults || [])
          if (t.status === "failed" && !(t.assertionResults || []).some((a) => a.status === "failed")) failed++;
      } catch { failed++; }
    }
    process.stdout.write(passed + " " + failed);
  ' "$RESULTS" 2>/dev/null || echo "0 0")
  local passed=${counts% *} failed=${counts#* }
  local first_failed="" name line step_rc took cpu cpu_all=0
  echo
  echo "================================================================"
  echo "per step: wall and CPU (user + sys, all its processes) in seconds; the tracks overlap"
  echo "(load average now: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"
  for name in "${ORDER[@]}"; do
    line=$(grep -F "${name}|" "$STATUS" 2>/dev/null | head -n 1 || true)
    if [ -z "$line" ]; then
      printf '  %5s %6s  %s\n' "-" "-" "${name}: not run"
      continue
    fi
    step_rc=$(cut -d'|' -f2 <<<"$line")
    took=$(cut -d'|' -f3 <<<"$line")
    cpu=$(cut -d'|' -f4 <<<"$line")
    cpu_all=$((cpu_all + cpu))
    if [ "$step_rc" = 0 ]; then
      printf '  %5d %6d  %s\n' "$took" "$cpu" "$name"
    else
      printf '  %5d %6d  %s: FAILED (exit %s)\n' "$took" "$cpu" "$name" "$step_rc"
      [ -z "$first_failed" ] && first_failed=$name && rc=$step_rc
    fi
  done
  echo "  CPU of all steps: ${cpu_all} s (on $(nproc 2>/dev/null || echo '?') cores: at best $((cpu_all / $(nproc 2>/dev/null || echo 1))) s of wall)"
  if [ -n "$first_failed" ] && [ "$rc" -eq 0 ]; then rc=1; fi
  if [ "$rc" -eq 0 ]; then
    echo "npm test: all steps passed in $((SECONDS - STARTED_ALL)) s"
  else
    echo "npm test: FAILED${first_failed:+ at step '${first_failed}'} (exit $rc) after $((SECONDS - STARTED_ALL)) s"
  fi
  echo "================================================================"
  echo "${passed} passed, ${failed} failed"
  rm -rf "$WORK"
  exit "$rc"
}
trap summary EXIT
trap 'exit 130' INT TERM

# every process a background job started, children first (a track's vitest, its browsers, servers)
kill_tree() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
BACKGROUND=()
stop_tracks() {
  local pid
  for pid in "${BACKGROUND[@]}"; do kill_tree "$pid"; done
}

# One step: its output kept apart and printed whole when it ends (under a lock: two tracks print),
# its result appended to $STATUS. Returns the step's exit code.
step() {
  local name=$1
  shift
  local log="$WORK/$(tr -c 'a-zA-Z0-9' '_' <<<"$name").log" t0=$SECONDS rc=0
  echo "$(date +%H:%M:%S) started: ${name}"
  # `times` in the step's own subshell: the CPU (user + sys) of every process the step waited for
  ("$@" || rc=$?; times >"$log.cpu"; exit "$rc") >"$log" 2>&1 </dev/null || rc=$?
  local took=$((SECONDS - t0))
  local cpu
  cpu=$(tail -n 1 "$log.cpu" 2>/dev/null | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); n += a[1] * 60 + a[2] } printf "%d", n }')
  {
    flock 9
    echo
    echo "================================================================"
    echo "== ${name}"
    echo "================================================================"
    cat "$log"
    if [ "$rc" -eq 0 ]; then echo "-- ${name}: ok (${took} s, CPU ${cpu:-?} s)"; else echo "-- ${name}: FAILED (exit ${rc}, ${took} s)"; fi
    echo "${name}|${rc}|${took}|${cpu:-0}" >>"$STATUS"
  } 9>"$WORK/print.lock"
  return "$rc"
}

# Steps one after another in the background, at a priority (0 normal, 10 below the journeys); the
# first that fails ends the track.
track() {
  local priority=$1
  shift
  (
    renice -n "$priority" -p "$BASHPID" >/dev/null
    while [ $# -gt 0 ]; do
      local name=$1 cmd=$2
      shift 2
      step "$name" bash -c "$cmd" || exit 0
    done
  ) &
  BACKGROUND+=($!)
}

# what is still running, once a minute, so a long quiet stretch of the log is not mistaken for a hang
heartbeat() {
  (
    while sleep 60; do
      echo "$(date +%H:%M:%S) still running after $((SECONDS - STARTED_ALL)) s: $(ls "$WORK"/*.log 2>/dev/null | wc -l) step(s) started, $(wc -l <"$STATUS") ended"
    done
  ) &
  BACKGROUND+=($!)
}

# vitest_project NAME [MORE…]: the projects run as one vitest run, reported as vitest-NAME.json
vitest_project() {
  local projects=() p
  for p in "$@"; do projects+=(--project "$p"); done
  "$VITEST" run "${projects[@]}" --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest-$1.json"
}
export -f vitest_project
export VITEST RESULTS

preflight

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "TEST_DATABASE_URL is set: the API suite runs on SQLite and PostgreSQL"
else
  echo "TEST_DATABASE_URL is not set: the API suite runs on SQLite only"
fi

heartbeat
# lint and typecheck at the lowest priority: on no track's path (they end minutes before the
# tracks), so the checks track, the run's longest, gets the CPU first (its unit step took 291 s of
# wall for 64 s of CPU beside them at the same priority)
track 19 "lint" "npm run --silent lint"
track 19 "typecheck" "npm run --silent typecheck"
if ! step "build" npm run --silent build; then
  # nothing else can run on a failed build; lint and typecheck still say what they found
  for pid in "${BACKGROUND[@]:1}"; do wait "$pid" || true; done
  exit 1
fi
track 0 \
  "e2e tests (Chromium)" "vitest_project e2e" \
  "e2e tests run alone (Chromium)" "vitest_project e2e-alone" \
  "date-sensitive files on other days" "RESULTS_DIR=\"$RESULTS\" bash scripts/test/dates.sh"
# The date-sensitive files after the journeys, beside the API step's last minutes: after the API
# step they made the checks track the run's longest (unit 115-291 s + API 486-801 s + dates 68 s,
# against 630-730 s for the browser track). Tried once before beside the API step, the outage test's
# fake platform counted 6 calls in a second against 5: a call that needed a new connection left up to
# 139 ms after its moment on a starved CPU — the carriers' transport now opens the connection first
# (docs/decisions/0060, "The go at the write"). The unit files before the API step, not beside it:
# beside it (tried), on a machine loaded by a bench too, API tests that pass in seconds timed out.
track 10 \
  "unit tests" "vitest_project unit unit-isolated unit-web" \
  "api tests" "vitest_project api"
# the tracks (not the heartbeat) end the run
for pid in "${BACKGROUND[@]:1}"; do wait "$pid" || true; done
