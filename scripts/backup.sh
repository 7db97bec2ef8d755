#!/usr/bin/env bash
# Backups that restore (issue 50): a base backup of a running PostgreSQL (pg_basebackup), and a
# restore of one to a point in time, into a fresh instance, replaying the continuous WAL archive
# that the database's archive_command fills (scripts/cluster.sh's hosts archive into
# <state folder>/wal). Debian's PostgreSQL binaries, run as the user postgres.
#
#   bash scripts/backup.sh take <host> <port> <backup dir>
#       a base backup of the instance at host:port into <backup dir>/base-<UTC time>; prints
#       its folder. The WAL it needs is in it too (streamed), so it restores without the
#       archive as well, to the moment it ended.
#   bash scripts/backup.sh restore <backup dir> <WAL archive> <time|latest> <data dir> <port>
#       the newest base backup that ended before <time> (ISO 8601 with a zone, e.g.
#       2026-11-29T09:05:01.5Z), copied into the new, empty <data dir>, then the archive's WAL
#       replayed up to <time> (every transaction committed until then, none after; `latest`:
#       to the archive's end). The copy is started on 127.0.0.1:<port> as a primary of its own
#       (a new timeline, archiving nothing) and the command returns once it takes writes.
#   bash scripts/backup.sh stop <data dir>
#       stops a restored instance.
#
# The restored instance trusts connections from 127.0.0.1 (a test copy); give a real one the
# pg_hba.conf of its place. Settings: BACKUP_PG_BIN (server binaries, default Debian's newest
# under /usr/lib/postgresql).
set -euo pipefail

die() {
  echo "backup: $*" >&2
  exit 1
}
pg_bin() {
  local dir=${BACKUP_PG_BIN:-}
  [ -n "$dir" ] || dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$dir" ] && [ -x "$dir/$1" ] || die "PostgreSQL binary $1 missing (Debian package postgresql)"
  echo "$dir/$1"
}
# PostgreSQL refuses root, and its files must belong to the user it runs as.
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
owner() { if [ "$(id -u)" = 0 ]; then chown "$@"; fi; }

take() {
  local host=$1 port=$2 dir=$3 stamp folder
  mkdir -p "$dir"
  owner postgres: "$dir"
  stamp=$(date -u +%Y%m%dT%H%M%SZ)
  folder="$dir/base-$stamp"
  [ ! -e "$folder" ] || die "$folder exists already"
  # Fast checkpoint: the backup starts now, not at the next scheduled checkpoint.
  as_postgres "$(pg_bin pg_basebackup)" -h "$host" -p "$port" -U postgres -D "$folder.partial" \
    -X stream -c fast --no-password ||
    die "pg_basebackup failed"
  # The backup is consistent from the moment it ended: a restore can reach any later time.
  date -u +%Y-%m-%dT%H:%M:%S.%NZ >"$folder.partial/backup_ended_at"
  mv "$folder.partial" "$folder"
  echo "$folder"
}

# The newest base backup of <dir> that ended at or before <time> (any for `latest`).
choose_base() {
  local dir=$1 time=$2 base ended best=""
  for base in "$dir"/base-*; do
    [ -f "$base/backup_ended_at" ] || continue
    ended=$(date -u -d "$(cat "$base/backup_ended_at")" +%s%N)
    if [ "$time" = latest ] || [ "$ended" -le "$(date -u -d "$time" +%s%N)" ]; then
      best=$base
    fi
  done
  echo "$best"
}

restore() {
  local dir=$1 wal=$2 time=$3 data=$4 port=$5 base
  [ -d "$wal" ] || die "no WAL archive at $wal"
  [ "$time" = latest ] || date -u -d "$time" >/dev/null 2>&1 || die "not a time: $time"
  [ ! -e "$data" ] || [ -z "$(ls -A "$data")" ] || die "$data is not empty"
  base=$(choose_base "$dir" "$time")
  [ -n "$base" ] || die "no base backup in $dir ended before $time"
  mkdir -p "$data"
  cp -a "$base/." "$data/"
  rm -f "$data/backup_ended_at" "$data/standby.signal" "$data/postmaster.pid"
  # The backup's settings are its primary's (a failover manager's addresses, its archive):
  # the copy gets settings of its own, so that it never writes into the archive it came from.
  {
    echo "listen_addresses = '127.0.0.1'"
    echo "port = $port"
    echo "unix_socket_directories = ''"
    echo "max_connections = 200"
    echo "hba_file = '$data/pg_hba.conf'"
    echo "ident_file = '$data/pg_ident.conf'"
    echo "archive_mode = off"
    echo "hot_standby = off"
    echo "logging_collector = off"
    echo "restore_command = 'cp $wal/%f %p'"
    if [ "$time" != latest ]; then
      echo "recovery_target_time = '$(date -u -d "$time" '+%Y-%m-%d %H:%M:%S.%6N+00')'"
    fi
    echo "recovery_target_action = 'promote'"
  } >"$data/postgresql.conf"
  : >"$data/postgresql.auto.conf"
  echo "host all all 127.0.0.1/32 trust" >"$data/pg_hba.conf"
  touch "$data/pg_ident.conf" "$data/recovery.signal"
  owner -R postgres: "$data"
  chmod 700 "$data"
  touch "$data.log"
  owner postgres: "$data.log"
  as_postgres "$(pg_bin pg_ctl)" -D "$data" -l "$data.log" -w -t 600 start >/dev/null ||
    die "the restored instance did not start: $(tail -5 "$data.log")"
  # pg_ctl returns once the server runs; with hot_standby off it refuses connections until
  # recovery reached the target and the copy was promoted.
  local deadline=$((SECONDS + 600))
  until [ "$(as_postgres "$(pg_bin psql)" -X -A -t -h 127.0.0.1 -p "$port" -U postgres -d postgres \
    -c 'select pg_is_in_recovery()' 2>/dev/null)" = f ]; do
    [ -f "$data/postmaster.pid" ] || die "the restored instance stopped: $(tail -5 "$data.log")"
    [ "$SECONDS" -lt "$deadline" ] || die "the restored instance is still recovering after 600 s"
    sleep 0.2
  done
  echo "backup: restored $base to $time on 127.0.0.1:$port (log $data.log)"
}

stop() {
  as_postgres "$(pg_bin pg_ctl)" -D "$1" -m fast -w -t 60 stop >/dev/null
}

verb=${1:-}
shift || true
case "$verb" in
take) [ $# = 3 ] || die "usage: take <host> <port> <backup dir>" && take "$@" ;;
restore) [ $# = 5 ] || die "usage: restore <backup dir> <WAL archive> <time|latest> <data dir> <port>" && restore "$@" ;;
stop) [ $# = 1 ] || die "usage: stop <data dir>" && stop "$@" ;;
*)
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  [ -z "$verb" ] || die "unknown verb '$verb'"
  exit 2
  ;;
esac
