#!/usr/bin/env bash
# Debian packages the test suite needs (Chromium for end-to-end tests); and the
# local PostgreSQL, started when it is down. Safe to run repeatedly.
set -uo pipefail
if [ -d tests ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  else
    echo "chromium missing: install Debian's chromium package" >&2
  fi
fi
if command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -h 127.0.0.1 -q 2>/dev/null; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
fi
exit 0
