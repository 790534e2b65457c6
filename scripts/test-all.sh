#!/usr/bin/env bash
# `npm test`: everything CI runs, in order. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n==> %s\n' "$*"; }

ensure_system_packages() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    step "installing missing system packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing system packages: ${missing[*]}." >&2
    echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
}

ensure_system_packages

step "format (prettier --check)"
npx prettier --check . --log-level warn

step "lint (eslint)"
npx eslint . --max-warnings=0

step "typecheck (tsc --noEmit)"
npx tsc --noEmit

step "unit tests"
npx jest --selectProjects unit --ci

step "integration tests"
npx jest --selectProjects integration --ci --runInBand

step "build (next build)"
npm run build --silent

if [ -f scripts/check-boundaries.ts ]; then
  step "boundary checks (import graph, bundle contents)"
  npx tsx scripts/check-boundaries.ts --require-build
fi

if [ -d tests/system ]; then
  step "system tests (against next start)"
  npx jest --selectProjects system --ci --runInBand
fi

step "e2e (Playwright, /usr/bin/chromium)"
npx playwright test

if [ -f scripts/soak.ts ]; then
  step "soak (short run)"
  npx tsx scripts/soak.ts --duration 20
fi

step "e2e on the full recorded market (DEMO_MARKET=full: 322 assets, rebuilt from that world)"
# With the demo's own refresher interval, as `npm run demo` runs (the suite above runs without it).
DEMO_MARKET=full E2E_REFRESH_INTERVAL_SECONDS=10 npx playwright test tests/e2e/full-market.spec.ts

if [ -f scripts/check-secrets.ts ]; then
  step "secret hygiene (canary keys)"
  npx tsx scripts/check-secrets.ts
fi

echo
echo "All checks passed."
