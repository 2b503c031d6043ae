#!/usr/bin/env bash
# `npm test`: every gate, in order, stopping at the first failure.
#   lint + typecheck (side by side) -> unit -> api -> build web -> e2e (two files at a time) -> e2e-alone
# The API suite also runs on PostgreSQL when TEST_DATABASE_URL is set (see .ci/run).
# The last line printed is always `N passed, N failed` (vitest tests over all projects run so far;
# a test file that fails outside its tests counts as one failure). Works without a TTY.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
RESULTS="$ROOT/test-results"
VITEST="$ROOT/node_modules/.bin/vitest"
mkdir -p "$RESULTS"
rm -f "$RESULTS"/vitest-*.json

CURRENT_STEP=""
STARTED_ALL=$SECONDS
TIMINGS=()

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
  echo
  echo "================================================================"
  if [ ${#TIMINGS[@]} -gt 0 ]; then
    echo "time per step (wall, seconds; load average now: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"
    printf '  %s\n' "${TIMINGS[@]}"
  fi
  if [ "$rc" -eq 0 ]; then
    echo "npm test: all steps passed in $((SECONDS - STARTED_ALL)) s"
  else
    echo "npm test: FAILED at step '${CURRENT_STEP}' (exit $rc) after $((SECONDS - STARTED_ALL)) s"
  fi
  echo "================================================================"
  echo "${passed} passed, ${failed} failed"
  exit "$rc"
}
trap summary EXIT

step() {
  CURRENT_STEP=$1
  shift
  echo
  echo "================================================================"
  echo "== ${CURRENT_STEP}"
  echo "================================================================"
  local t0=$SECONDS
  "$@"
  echo "-- ${CURRENT_STEP}: ok ($((SECONDS - t0)) s)"
  TIMINGS+=("$(printf '%5d  %s' $((SECONDS - t0)) "$CURRENT_STEP")")
}

# Two steps at once (each mostly one core: on 2 cores together they take about as long as the
# longer alone). Each one's output is kept apart and printed whole, in order, after both end, with
# its own timing line; the first of the two that failed stops the run as step() would.
steps_side_by_side() {
  local names=("$1" "$3") cmds=("$2" "$4") outs=() pids=() i
  for i in 0 1; do
    outs[i]=$(mktemp)
    (
      t0=$SECONDS
      rc=0
      bash -c "${cmds[i]}" || rc=$?
      echo "$((SECONDS - t0))" >"${outs[i]}.took"
      exit "$rc"
    ) >"${outs[i]}" 2>&1 &
    pids[i]=$!
  done
  local rcs=(0 0)
  for i in 0 1; do wait "${pids[i]}" || rcs[i]=$?; done
  for i in 0 1; do
    CURRENT_STEP=${names[i]}
    echo
    echo "================================================================"
    echo "== ${names[i]} (side by side with ${names[1 - i]})"
    echo "================================================================"
    cat "${outs[i]}"
    if [ "${rcs[i]}" -ne 0 ]; then
      rm -f "${outs[0]}" "${outs[0]}.took" "${outs[1]}" "${outs[1]}.took"
      return "${rcs[i]}"
    fi
    echo "-- ${names[i]}: ok ($(cat "${outs[i]}.took") s)"
    TIMINGS+=("$(printf '%5d  %s (side by side)' "$(cat "${outs[i]}.took")" "${names[i]}")")
  done
  rm -f "${outs[0]}" "${outs[0]}.took" "${outs[1]}" "${outs[1]}.took"
}

vitest_project() {
  "$VITEST" run --project "$1" --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest-$1.json"
}

preflight

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "TEST_DATABASE_URL is set: the API suite runs on SQLite and PostgreSQL"
else
  echo "TEST_DATABASE_URL is not set: the API suite runs on SQLite only"
fi

steps_side_by_side "lint" "npm run --silent lint" "typecheck" "npm run --silent typecheck"
step "unit tests" vitest_project unit
step "api tests" vitest_project api
step "date-sensitive files on other days" env RESULTS_DIR="$RESULTS" bash scripts/test/dates.sh
step "build web" npm run --silent build
step "e2e tests (Chromium)" vitest_project e2e
step "e2e tests run alone (Chromium)" vitest_project e2e-alone
