#!/usr/bin/env bash
# `npm run typecheck`: every project's types, by TypeScript 7 (the native compiler, package
# `typescript7`; docs/decisions/0081). One thread each: on a machine whose cores are busy (a test
# run) its CPU is the wall time, and on one thread it spends a quarter of TypeScript 5.9's (29 s
# against 107 s for the six projects). TypeScript 5.9 stays as `typescript` for the tools that load
# its API (typescript-eslint, the schema test).
set -euo pipefail
cd "$(dirname "$0")/.."
for project in packages/contract packages/domain apps/server apps/web apps/console e2e; do
  node node_modules/typescript7/bin/tsc --singleThreaded -p "$project"
done
