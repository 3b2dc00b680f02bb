#!/usr/bin/env bash
# `npm test`: every test of the project. Lint and types, unit tests, the API suite on PGlite
# and on PostgreSQL, the production build, two built instances behind nginx on PostgreSQL, and the
# end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# Debian's Chromium for the browser tests (never a downloaded browser).
if [ ! -x /usr/bin/chromium ]; then
  step "Installing Chromium from Debian"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

# nginx from Debian as the load balancer of the scale-out tests.
if [ ! -x /usr/sbin/nginx ]; then
  step "Installing nginx from Debian"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  NGINX_PACKAGE=nginx-light
  apt-cache show nginx-light >/dev/null 2>&1 || NGINX_PACKAGE=nginx
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$NGINX_PACKAGE" >/dev/null
fi

# ClamAV's clamd from Debian for the virus-scan tests (they start their own clamd with a
# signature made from the EICAR test string: no signature download).
if [ ! -x /usr/sbin/clamd ] || [ ! -x /usr/bin/sigtool ]; then
  step "Installing ClamAV from Debian"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq clamav-daemon clamav >/dev/null
fi

# poppler-utils' pdfsig from Debian: the signature tests verify the signed PDFs with it.
if [ ! -x /usr/bin/pdfsig ]; then
  step "Installing poppler-utils from Debian"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq poppler-utils >/dev/null
fi

# PostgreSQL for the second run of the API suite.
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  step "Starting PostgreSQL"
  if ! ls /etc/postgresql >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
    echo "local all all trust" | $SUDO tee /etc/postgresql/*/main/pg_hba.conf >/dev/null
    echo "host all all 127.0.0.1/32 trust" | $SUDO tee -a /etc/postgresql/*/main/pg_hba.conf >/dev/null
  fi
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

# Lint and the type check each keep one core busy: side by side on a 2-core machine (issue 28),
# each printed whole when both are done; either failing fails the run.
step "Lint and format, type check (side by side)"
checks=$(mktemp -d)
(npm run lint --silent >"$checks/lint.log" 2>&1; echo $? >"$checks/lint.rc") &
(npm run typecheck --silent >"$checks/types.log" 2>&1; echo $? >"$checks/types.rc") &
wait
for check in lint types; do
  printf -- '-- %s (exit %s)\n' "$check" "$(cat "$checks/$check.rc")"
  cat "$checks/$check.log"
done
[ "$(cat "$checks/lint.rc")" = 0 ] && [ "$(cat "$checks/types.rc")" = 0 ] || exit 1
rm -rf "$checks"
rm -rf test-results && mkdir -p test-results
step "Lint rules on fixtures (zones, cycles, a11y, file names)"; node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=./scripts/eslint/jest-json-reporter.mjs --test-reporter-destination=test-results/lint-rules.json scripts/eslint/zones.test.mjs
vitest() { # vitest <workspace dir> <report name> [vitest config file]
  (cd "$1" && npx vitest run ${3:+--config "$3"} --reporter=default --reporter=json --outputFile.json="../../test-results/$2.json")
}
step "Unit tests: contracts"
vitest packages/contracts contracts
step "Unit and component tests: web"
vitest apps/web web
step "API tests on PGlite"
(unset TEST_DATABASE_URL; vitest apps/api api-pglite)
step "API tests on PostgreSQL ($TEST_DATABASE_URL)"
vitest apps/api api-postgres
step "Production build"
npm run build --silent
step "Scale-out tests (two instances, nginx, PostgreSQL)"
vitest apps/api api-scale-out vitest.scale.config.ts
step "End-to-end tests (Chromium, production build)"
npm run test:e2e --silent
node scripts/summary.mjs
