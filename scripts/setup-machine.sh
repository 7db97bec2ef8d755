#!/usr/bin/env bash
# Debian packages the test suite needs (Chromium's headless shell for the end-to-end tests,
# Chromium for the benches; HAProxy, iproute2, socat, Patroni and etcd
# for the cluster of scripts/cluster.sh; Maven, a JDK and curl for scripts/keycloak.sh); and
# the local PostgreSQL, started when it is down.
# Safe to run repeatedly.
set -uo pipefail
# The fonts are named, not left to Chromium's recommendations: the mails' reference
# screenshots (tests/e2e/visual-mail.spec.ts) are drawn in Liberation Sans (the mails ask for
# Helvetica or Arial), the app's in DejaVu Sans, and a machine without one would draw others.
fonts_missing() { ! fc-list 2>/dev/null | grep -q "Liberation Sans" || ! fc-list 2>/dev/null | grep -q "DejaVu Sans"; }
# One apt-get run for everything missing (each `apt-get update` costs 10 to 30 s on CI).
missing=()
if [ -d tests ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
  fonts_missing && missing+=(fonts-dejavu-core fonts-liberation)
  # scripts/cluster.sh: HAProxy, network namespaces, socat; its database hosts (issue 50)
  # under Patroni, the failover manager, with etcd, where it keeps the leader lock. The
  # cluster starts its own etcd in its state folder; the package's service, if the machine
  # starts it, listens on 127.0.0.1:2379 and is not used.
  command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
  command -v ip >/dev/null 2>&1 || missing+=(iproute2)
  command -v socat >/dev/null 2>&1 || missing+=(socat)
  command -v patroni >/dev/null 2>&1 || missing+=(patroni)
  command -v etcd >/dev/null 2>&1 || missing+=(etcd-server)
fi
# scripts/keycloak.sh: Maven fetches Keycloak's distribution, curl waits for it to be ready,
# a JDK runs it. Debian 12 ships OpenJDK 17 only, which Keycloak 26 still runs (deprecated);
# keycloak.sh prefers a JDK 25 or 21 under /usr/lib/jvm (Temurin 25 on these machines).
command -v mvn >/dev/null 2>&1 || missing+=(maven)
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "missing Debian packages: ${missing[*]} (install them, or run this as root)" >&2
  fi
fi
if command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -h 127.0.0.1 -q 2>/dev/null; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
fi
exit 0
