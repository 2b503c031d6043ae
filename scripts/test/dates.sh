#!/usr/bin/env bash
# The files whose checks depend on the calendar (a plan that ends with the month, a login's life,
# a monthly period, a year's end), run as if today were the first minutes of a month, the middle of
# one, its last evening and New Year's Eve (scripts/test/shiftedToday.ts moves the test process's
# clock; docs/decisions/0053). On SQLite only: the dates are the point, not the database.
#   bash scripts/test/dates.sh            every date below
#   TEST_DATES="2027-02-28T23:30:00+08:00" bash scripts/test/dates.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

# found by running the whole unit and API suites at each date (docs/decisions/0053)
FILES=(
  apps/server/test/alerts.test.ts
  apps/server/test/carrierOutage.test.ts
  apps/server/test/oneTruth.test.ts
  apps/server/test/upgrade.test.ts
  apps/server/test/usage.test.ts
)
# the first minutes of a month and of a year, the last minutes of a day in the middle of a month
# (carrierOutage's twenty simulated minutes cross midnight there), a month's last evening and New
# Year's Eve (carrierOutage's minutes may not cross a month's end: its month figure starts again
# there, as it should)
DATES=(${TEST_DATES:-2027-01-01T00:10:00+08:00 2027-01-15T23:50:00+08:00 2027-01-31T22:00:00+08:00 2026-12-31T22:00:00+08:00})

# The dates side by side, each in a vitest process of its own (the clock is moved once a process):
# the files wait on simulated platforms and clocks more than they compute — one date after another
# took 220 s of wall for 57 s of CPU. Each date's output is printed whole when all have ended.
# RESULTS_DIR (set by scripts/test-all.sh): a json report per date there, counted in its last line
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
i=0
for today in "${DATES[@]}"; do
  i=$((i + 1))
  report=()
  [ -n "${RESULTS_DIR:-}" ] && report=(--reporter=json "--outputFile.json=${RESULTS_DIR}/vitest-dates-${i}.json")
  TEST_TODAY="$today" TEST_DATABASE_URL='' node_modules/.bin/vitest run --project api --reporter=dot "${report[@]}" "${FILES[@]}" "$@" \
    >"$logs/$i.log" 2>&1 </dev/null &
  pids+=($!)
done
rc=0
i=0
for today in "${DATES[@]}"; do
  status=0
  wait "${pids[$i]}" || status=$?
  i=$((i + 1))
  echo "-- as if today were ${today}: $([ "$status" = 0 ] && echo passed || echo "FAILED (exit $status)")"
  cat "$logs/$i.log"
  [ "$status" = 0 ] || rc=$status
done
exit "$rc"
