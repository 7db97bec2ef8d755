#!/usr/bin/env bash
# A real Keycloak for the portal on this machine:
#   bash scripts/keycloak.sh up | down | status | stop | start
#
# Keycloak 26.7.3 (KEYCLOAK_VERSION; the newest of the 26.x served from Maven Central) in
# production mode (`kc.sh build` once per distribution and build options, then
# `start --optimized`), HTTP on 127.0.0.1 only, on the database `keycloak` of the machine's
# PostgreSQL (127.0.0.1:5432, user postgres, trust). JDK: Temurin 25 here, the first JDK 25
# or 21 under /usr/lib/jvm (25 is supported since Keycloak 26.6, 21 too; OpenJDK 17, the
# machine's `java` and the fallback, still runs 26.x but is deprecated since Keycloak 25).
#
# up     fetches the distribution once through Maven (~/.m2, unpacked under
#        ~/.cache/portal-keycloak/<version>), makes Keycloak's schema and master realm once
#        per version (database keycloak_template_<version>), starts Keycloak on a fresh copy
#        of it, the database `keycloak`, importing keycloak/realm-portal.json with PORTAL_PUBLIC_URL (redirect URIs, web
#        origins; default http://localhost:8080) and SUPPORT_CLIENT_SECRET (generated when
#        not given), waits for /health/ready on the management port and prints as its last
#        two lines OIDC_ISSUER=... and SUPPORT_CLIENT_SECRET=..., so
#        `env $(bash scripts/keycloak.sh up | tail -2) corepack pnpm start` uses it.
#        Already running: prints those two lines of the running one.
# down   stops it (the whole process group), drops the database `keycloak` (the template
#        stays) and removes the state: Keycloak's users are provisioned from the portal's
#        database, so nothing in Keycloak's own outlives a run; the next `up` imports afresh.
# status says whether it runs, and where.
# stop   stops the running one and keeps everything else: its database, its state (port,
#        secret, origin) and log. For tests of a Keycloak that goes away in the middle of a
#        change (tests/src/keycloak/outage.test.ts); `down` still cleans up after it.
# start  starts a stopped one again on the same port and database, without an import: the
#        realm, its users and their credentials are as they were (its sessions are not:
#        `--cache=local` keeps them in memory only).
set -euo pipefail

VERSION=${KEYCLOAK_VERSION:-26.7.3}
CACHE=${PORTAL_KEYCLOAK_CACHE:-$HOME/.cache/portal-keycloak}
DIST=$CACHE/$VERSION/keycloak-$VERSION
# KEYCLOAK_DB: the running one's database (default keycloak); another name runs a second
# Keycloak beside the first (its own state folder; give it its own PORTAL_KEYCLOAK_CACHE
# too, since the realm to import is read from the distribution's data/import folder).
DB=${KEYCLOAK_DB:-keycloak}
# KEYCLOAK_DB_PORT: the port Keycloak's JDBC connects to (default 5432): the sign-in bench puts
# its statement meter there, a relay to the machine's PostgreSQL (tests/src/bench).
DB_PORT=${KEYCLOAK_DB_PORT:-5432}
[[ $DB =~ ^[a-z][a-z0-9_]*$ ]] || { echo "KEYCLOAK_DB: lower-case letters, digits and _ only" >&2; exit 2; }
STATE=$CACHE/run${KEYCLOAK_DB:+-$DB} # pid, ports, secret and logs of the running Keycloak
TEMPLATE=keycloak_template_${VERSION//./_}
REPO=$(cd "$(dirname "$0")/.." && pwd)
PSQL=(env PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -U postgres -d postgres -qAtX)
# Options baked into the optimized build; a change rebuilds once.
BUILD_OPTIONS=(--db=postgres --health-enabled=true)
# Keycloak's argon2 provider with the portal's parameters (server/src/security/password-hash.ts:
# argon2id, m=19456 KiB, t=2, p=1, 32-byte hash), runtime options. The users the portal's sync
# provisions carry the portal's hash; with Keycloak's defaults (m=7168, t=5) its policy check
# would re-hash every one of them at its first sign-in, and the sign-in bench would compare
# unequal work.
ARGON2_OPTIONS=(--spi-password-hashing--argon2--type=id --spi-password-hashing--argon2--memory=19456
  --spi-password-hashing--argon2--iterations=2 --spi-password-hashing--argon2--parallelism=1
  --spi-password-hashing--argon2--hash-length=32)

# A JDK 25 (Temurin's here), else 21, under /usr/lib/jvm; else the one of `java`.
jdk_home() {
  local jdk
  for jdk in /usr/lib/jvm/*-25-* /usr/lib/jvm/*-21-*; do
    [ -x "$jdk/bin/java" ] && { echo "$jdk"; return; }
  done
  dirname "$(dirname "$(readlink -f "$(command -v java)")")"
}
KC_JAVA_HOME=${KC_JAVA_HOME:-$(jdk_home)} # kc.sh only: Maven keeps the machine's java
# The machine has 2 cores and others beside Keycloak: a modest, fixed heap.
export JAVA_OPTS_KC_HEAP=${JAVA_OPTS_KC_HEAP:--Xms64m -Xmx512m}

running() { [ -f "$STATE/pid" ] && kill -0 "$(cat "$STATE/pid")" 2>/dev/null; }
# KEYCLOAK_HOSTNAME: the host name in Keycloak's URLs and issuer (it listens on 127.0.0.1
# either way). `localhost` for passkeys: browsers take no IP address as WebAuthn relying party.
HOSTNAME_OF_KC=${KEYCLOAK_HOSTNAME:-127.0.0.1}
issuer() { echo "http://$(cat "$STATE/hostname" 2>/dev/null || echo 127.0.0.1):$(cat "$STATE/port")/realms/portal"; }
free_port() { node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

fetch() {
  [ -x "$DIST/bin/kc.sh" ] && return
  command -v mvn >/dev/null || { echo "mvn missing: run scripts/setup-machine.sh" >&2; exit 1; }
  echo "fetching Keycloak $VERSION through Maven ..." >&2
  mkdir -p "$CACHE/$VERSION"
  # Through Maven's local repository (~/.m2), which keeps the archive for later fetches.
  mvn -B dependency:copy -Dartifact="org.keycloak:keycloak-quarkus-dist:$VERSION:tar.gz" \
    -DoutputDirectory="$CACHE/$VERSION" >"$CACHE/$VERSION/fetch.log" 2>&1 ||
    { tail -20 "$CACHE/$VERSION/fetch.log" >&2; exit 1; }
  tar -xzf "$CACHE/$VERSION/keycloak-quarkus-dist-$VERSION.tar.gz" -C "$CACHE/$VERSION"
  rm "$CACHE/$VERSION/keycloak-quarkus-dist-$VERSION.tar.gz"
}

build() {
  local wanted="${BUILD_OPTIONS[*]} $KC_JAVA_HOME"
  [ "$(cat "$DIST/.portal-build" 2>/dev/null)" = "$wanted" ] && return
  echo "kc.sh build ${BUILD_OPTIONS[*]} ..." >&2
  local t0=$SECONDS
  JAVA_HOME=$KC_JAVA_HOME "$DIST/bin/kc.sh" build "${BUILD_OPTIONS[@]}" >"$CACHE/$VERSION/build.log" 2>&1 ||
    { tail -20 "$CACHE/$VERSION/build.log" >&2; exit 1; }
  echo "$wanted" >"$DIST/.portal-build"
  echo "built in $((SECONDS - t0)) s" >&2
}

# Starts Keycloak on database $1 with further `kc.sh start` options, in the background, and
# waits until it reports ready; the state directory records where it runs.
start() {
  local db=$1 port mport t0=$SECONDS
  shift
  # KC_RESTART_PORTS="<port> <management port>": the ports of the stopped one (`start`).
  # KC_PORTS, the same from a caller that picked them beside its own (the test and bench
  # harnesses, through server/src/http/free-port.ts: below the ephemeral range, never the
  # portal's); else two ports the kernel picks now.
  read -r port mport <<<"${KC_RESTART_PORTS:-${KC_PORTS:-$(free_port) $(free_port)}}"
  mkdir -p "$STATE"
  # --cache=local: one node, no JGroups cluster (it would discover peers through the
  # database and listen beyond loopback). setsid: Keycloak leads its own process group,
  # which `stop` ends as a whole.
  JAVA_HOME=$KC_JAVA_HOME setsid "$DIST/bin/kc.sh" start --optimized \
    --db-url="jdbc:postgresql://127.0.0.1:$DB_PORT/$db" --db-username=postgres \
    --http-enabled=true --http-host=127.0.0.1 --http-port="$port" --http-management-port="$mport" \
    --hostname="http://$HOSTNAME_OF_KC:$port" --hostname-strict=true --cache=local "${ARGON2_OPTIONS[@]}" "$@" \
    >>"$STATE/$db.log" 2>&1 </dev/null &
  echo $! >"$STATE/pid"
  echo "$port" >"$STATE/port"
  echo "$HOSTNAME_OF_KC" >"$STATE/hostname"
  echo "$mport" >"$STATE/management-port"
  until curl -fs "http://127.0.0.1:$mport/health/ready" >/dev/null; do
    if ! running || [ $((SECONDS - t0)) -gt 300 ]; then
      tail -30 "$STATE/$db.log" >&2
      echo "Keycloak did not become ready; see $STATE/$db.log" >&2
      stop >&2
      exit 1
    fi
    sleep 1
  done
  echo "ready after $((SECONDS - t0)) s (pid $(cat "$STATE/pid"), log $STATE/$db.log)"
  # Quarkus's "started in" comes before the schema, the master realm and the import;
  # Keycloak's "Bootstrap completed" covers those.
  grep -o "Bootstrap completed in [0-9.]*" "$STATE/$db.log" | tail -1 | sed 's/$/ s/' || true
}

stop() {
  running || return 0
  local pid i
  pid=$(cat "$STATE/pid")
  kill -TERM -- "-$pid" 2>/dev/null || true
  for i in $(seq 60); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  echo "Keycloak (pid $pid) stopped"
}

# Keycloak's schema (Liquibase, 20 s and more here) and master realm, made once per version
# in a database of their own that each `up` copies: a later start skips both.
template() {
  [ "$("${PSQL[@]}" -c "SELECT 1 FROM pg_database WHERE datname = '$TEMPLATE'")" = 1 ] && return
  echo "first start of Keycloak $VERSION: its schema and master realm into $TEMPLATE ..." >&2
  "${PSQL[@]}" -c "DROP DATABASE IF EXISTS ${TEMPLATE}_new" -c "CREATE DATABASE ${TEMPLATE}_new"
  start "${TEMPLATE}_new" >&2
  stop >&2
  "${PSQL[@]}" -c "ALTER DATABASE ${TEMPLATE}_new RENAME TO $TEMPLATE"
}

up() {
  if running; then
    echo "Keycloak already runs (pid $(cat "$STATE/pid")); its realm is as imported then" >&2
  else
    fetch
    build
    template
    local secret=${SUPPORT_CLIENT_SECRET:-$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')}
    local origin=${PORTAL_PUBLIC_URL:-http://localhost:8080}
    # A fresh copy every time: the import then always holds this run's origin and secret
    # (Keycloak skips the import of a realm that exists), and no user outlives a run.
    "${PSQL[@]}" -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB TEMPLATE $TEMPLATE"
    mkdir -p "$DIST/data/import"
    cp "$REPO/keycloak/realm-portal.json" "$DIST/data/import/realm-portal.json"
    # The login theme (keycloak/themes/portal with its stylesheet and messages generated from
    # the web app's and the catalogue's): a theme folder is read at run time, no rebuild.
    node "$REPO/scripts/keycloak-theme.mjs" "$DIST/themes" >&2
    # Keycloak keeps gzipped copies of theme resources under a version that does not change
    # with the theme's files, across restarts: without this it serves the last theme's CSS.
    rm -rf "$DIST/data/tmp/kc-gzip-cache"
    PORTAL_PUBLIC_URL=$origin SUPPORT_CLIENT_SECRET=$secret start "$DB" --import-realm
    echo "$secret" >"$STATE/secret"
    echo "$origin" >"$STATE/public-url"
    import_time
  fi
  echo "realm portal imported for PORTAL_PUBLIC_URL=$(cat "$STATE/public-url")"
  echo "OIDC_ISSUER=$(issuer)"
  echo "SUPPORT_CLIENT_SECRET=$(cat "$STATE/secret")"
}

# From the log's "Full importing from file" to "Realm 'portal' imported" (HH:MM:SS,mmm).
import_time() {
  local from to
  from=$(grep -m1 "Full importing from file" "$STATE/$DB.log" | grep -o '[0-9:]*,[0-9]*' | head -1)
  to=$(grep -m1 "Realm 'portal' imported" "$STATE/$DB.log" | grep -o '[0-9:]*,[0-9]*' | head -1)
  [ -n "$from" ] && [ -n "$to" ] || { echo "realm import: not found in the log" >&2; return; }
  ms() { IFS=':,' read -r h m s f <<<"$1"; echo $(((10#$h * 3600 + 10#$m * 60 + 10#$s) * 1000 + 10#$f)); }
  echo "realm portal imported in $(($(ms "$to") - $(ms "$from"))) ms"
}

# `stop`: the process only; `start`: the same one again (hostname, ports, database).
stop_kept() {
  if running; then stop; else echo "Keycloak was not running"; fi
}

start_again() {
  if running; then
    echo "Keycloak already runs (pid $(cat "$STATE/pid"))"
  elif [ -f "$STATE/port" ] && [ -f "$STATE/secret" ]; then
    HOSTNAME_OF_KC=$(cat "$STATE/hostname")
    KC_RESTART_PORTS="$(cat "$STATE/port") $(cat "$STATE/management-port")" start "$DB"
  else
    echo "no stopped Keycloak to start (run up)" >&2
    exit 1
  fi
  echo "OIDC_ISSUER=$(issuer)"
}

down() {
  if running; then stop; else echo "Keycloak was not running"; fi
  "${PSQL[@]}" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" || true
  rm -rf "$STATE"
}

status() {
  if running; then
    echo "Keycloak $VERSION runs: pid $(cat "$STATE/pid"), issuer $(issuer), for PORTAL_PUBLIC_URL=$(cat "$STATE/public-url"), health http://127.0.0.1:$(cat "$STATE/management-port")/health/ready"
  else
    echo "Keycloak is not running"
    return 3
  fi
}

case "${1:-}" in
up) up ;;
down) down ;;
status) status ;;
stop) stop_kept ;;
start) start_again ;;
*) echo "usage: $0 up | down | status | stop | start" >&2; exit 2 ;;
esac
