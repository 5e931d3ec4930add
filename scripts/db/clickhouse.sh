#!/usr/bin/env bash
# A two-shard ClickHouse cluster on loopback for the source tests and the benchmark:
# two clickhouse-server processes (Debian's package, 18.16 here) with their own config
# and data folders under $SIGHTLINE_CH_DIR (default /tmp/sightline-ch), HTTP ports
# 18123 and 18124, a `remote_servers` cluster `sightline` of the two as shards, and the
# test tables in database `sightline` (`ticks` a Distributed table over `ticks_local` on
# each shard). Users: `default` (no password) and `sightline` (password `sightline-pw`).
#   scripts/db/clickhouse.sh start   # starts both (if not up), waits, loads the tables
#   scripts/db/clickhouse.sh stop    # stops both and removes the folder
#   scripts/db/clickhouse.sh stop-shard 2 / start-shard 2   # one shard, for the tests
#   scripts/db/clickhouse.sh load-walk 10000000   # the benchmark's walk (not in start)
set -euo pipefail

DIR=${SIGHTLINE_CH_DIR:-/tmp/sightline-ch}
SERVER=$(command -v clickhouse-server || command -v clickhouse || true)
CLIENT=$(command -v clickhouse-client || true)
HTTP_PORTS=(18123 18124)
TCP_PORTS=(19000 19001)
INTERSERVER_PORTS=(19009 19010)

die() { echo "clickhouse.sh: $*" >&2; exit 1; }

# The config of shard $1 (1 or 2): its ports, folders and the cluster of both.
write_config() {
  local n=$1 i=$(($1 - 1)) root="$DIR/shard$1"
  mkdir -p "$root/data/" "$root/tmp/" "$root/user_files/" "$root/log"
  cat > "$root/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
    <logger>
        <level>warning</level>
        <log>$root/log/server.log</log>
        <errorlog>$root/log/server.err.log</errorlog>
        <size>10M</size>
        <count>2</count>
    </logger>
    <http_port>${HTTP_PORTS[$i]}</http_port>
    <tcp_port>${TCP_PORTS[$i]}</tcp_port>
    <interserver_http_port>${INTERSERVER_PORTS[$i]}</interserver_http_port>
    <listen_host>127.0.0.1</listen_host>
    <max_connections>256</max_connections>
    <keep_alive_timeout>3</keep_alive_timeout>
    <max_concurrent_queries>100</max_concurrent_queries>
    <uncompressed_cache_size>1073741824</uncompressed_cache_size>
    <mark_cache_size>268435456</mark_cache_size>
    <path>$root/data/</path>
    <tmp_path>$root/tmp/</tmp_path>
    <user_files_path>$root/user_files/</user_files_path>
    <users_config>$root/users.xml</users_config>
    <default_profile>default</default_profile>
    <default_database>default</default_database>
    <timezone>UTC</timezone>
    <mlock_executable>false</mlock_executable>
    <remote_servers>
        <sightline>
            <shard><replica><host>127.0.0.1</host><port>${TCP_PORTS[0]}</port></replica></shard>
            <shard><replica><host>127.0.0.1</host><port>${TCP_PORTS[1]}</port></replica></shard>
        </sightline>
    </remote_servers>
    <macros><shard>$n</shard></macros>
</yandex>
XML
  cat > "$root/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
    <profiles>
        <default><max_memory_usage>4000000000</max_memory_usage><load_balancing>random</load_balancing></default>
    </profiles>
    <users>
        <default>
            <password></password>
            <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
            <profile>default</profile><quota>default</quota>
        </default>
        <sightline>
            <password>sightline-pw</password>
            <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
            <profile>default</profile><quota>default</quota>
        </sightline>
    </users>
    <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors>
        <result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
XML
}

# Whether shard $1 answers SELECT 1 on its HTTP port.
answers() {
  local i=$(($1 - 1))
  [ "$(curl -s --max-time 2 "http://127.0.0.1:${HTTP_PORTS[$i]}/?query=SELECT%201" 2>/dev/null)" = "1" ]
}

start_shard() {
  local n=$1 root="$DIR/shard$1"
  answers "$n" && return 0
  [ -n "$SERVER" ] || die "clickhouse-server is not installed (scripts/install-deps.sh installs it)"
  [ -f "$root/config.xml" ] || write_config "$n"
  # The packaged server runs as whoever starts it (root in CI included) when given its
  # own config: it changes user only when asked to by its init script.
  # In the background it outlives this script; 18.16 writes no --pid-file of its own, so
  # the PID is kept here.
  (cd "$root" && exec "$SERVER" --config-file="$root/config.xml" >"$root/log/stdout.log" 2>&1 < /dev/null) &
  echo $! > "$root/server.pid"
  for _ in $(seq 1 300); do
    answers "$n" && return 0
    sleep 0.1
  done
  tail -20 "$root/log/server.err.log" "$root/log/stdout.log" >&2 || true
  die "shard $n did not answer SELECT 1 on port ${HTTP_PORTS[$(($n - 1))]} within 30 s"
}

stop_shard() {
  local root="$DIR/shard$1" pid
  [ -f "$root/server.pid" ] || return 0
  pid=$(cat "$root/server.pid")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$root/server.pid"
}

query() { # shard, SQL
  local i=$(($1 - 1))
  curl -sS --fail-with-body "http://127.0.0.1:${HTTP_PORTS[$i]}/" --data-binary "$2" >/dev/null \
    || die "shard $1 refused: $2"
}

# The test tables: the same on both shards, with rows split between them.
load_tables() {
  for n in 1 2; do
    query "$n" "CREATE DATABASE IF NOT EXISTS sightline"
    query "$n" "CREATE TABLE IF NOT EXISTS sightline.ticks_local (t DateTime, price Float64, volume Nullable(Int64), venue String) ENGINE = MergeTree ORDER BY t"
    query "$n" "CREATE TABLE IF NOT EXISTS sightline.ticks AS sightline.ticks_local ENGINE = Distributed(sightline, sightline, ticks_local, rand())"
    query "$n" "CREATE TABLE IF NOT EXISTS sightline.gauges_local (x Float64, level Nullable(Float32), flow UInt16) ENGINE = MergeTree ORDER BY x"
    query "$n" "CREATE TABLE IF NOT EXISTS sightline.gauges AS sightline.gauges_local ENGINE = Distributed(sightline, sightline, gauges_local, rand())"
    query "$n" "CREATE TABLE IF NOT EXISTS sightline.days (d Date, rain Float64) ENGINE = MergeTree ORDER BY d"
    query "$n" "CREATE TABLE IF NOT EXISTS sightline.notes (t DateTime, text String) ENGINE = MergeTree ORDER BY t"
  done
  # Rows go into each shard's local table directly, so both hold rows and the tests
  # know which; ticks get the same instants on both shards (ties across shards).
  if [ "$(curl -s "http://127.0.0.1:${HTTP_PORTS[0]}/" --data-binary "SELECT count() FROM sightline.ticks_local")" = "0" ]; then
    query 1 "INSERT INTO sightline.ticks_local SELECT toDateTime(1700000000 + number * 7), 100 + sin(number / 50) * 10 + (number % 13) / 7, if(number % 17 = 0, NULL, toInt64(number % 1000)), 'A' FROM numbers(20000)"
    query 2 "INSERT INTO sightline.ticks_local SELECT toDateTime(1700000000 + number * 11), 100 + cos(number / 40) * 12 - (number % 11) / 5, if(number % 19 = 0, NULL, toInt64(number % 777)), 'B' FROM numbers(15000)"
    query 1 "INSERT INTO sightline.gauges_local SELECT number * 0.37, if(number % 23 = 5, NULL, toFloat32(sin(number / 30))), toUInt16(number % 300) FROM numbers(5000)"
    query 2 "INSERT INTO sightline.gauges_local SELECT 0.11 + number * 0.53, if(number % 29 = 3, NULL, toFloat32(cos(number / 20))), toUInt16(number % 200) FROM numbers(4000)"
    query 1 "INSERT INTO sightline.days SELECT toDate('2020-01-01') + number, (number * 37 % 101) / 10 FROM numbers(1500)"
    query 1 "INSERT INTO sightline.notes SELECT toDateTime(1700000000 + number), concat('note ', toString(number)) FROM numbers(10)"
  fi
}

# The benchmark's W1 walk of $1 rows (x = 1.6e9 + 60·i as DateTime, y the sum of
# standard normal steps from Box–Muller over cityHash64 of i, so every run is the same),
# generated in the servers, even rows on shard 1 and odd ones on shard 2, as
# `sightline.walk` (Distributed) over `walk_local`.
load_walk() {
  local count=$1
  for n in 1 2; do
    query "$n" "DROP TABLE IF EXISTS sightline.walk"
    query "$n" "DROP TABLE IF EXISTS sightline.walk_local"
    query "$n" "CREATE TABLE sightline.walk_local (t DateTime, y Float64) ENGINE = MergeTree ORDER BY t"
    query "$n" "CREATE TABLE sightline.walk AS sightline.walk_local ENGINE = Distributed(sightline, sightline, walk_local, rand())"
    query "$n" "INSERT INTO sightline.walk_local SELECT toDateTime(1600000000 + 60 * (i - 1)), y FROM (
        SELECT arrayCumSum(groupArray(step)) AS ys FROM (
          SELECT sqrt(-2 * log((cityHash64(number, 1) % 4294967295 + 1) / 4294967296))
                 * cos(2 * pi() * (cityHash64(number, 2) % 4294967296) / 4294967296) AS step
          FROM numbers($count) ORDER BY number))
      ARRAY JOIN ys AS y, arrayEnumerate(ys) AS i WHERE i % 2 = $n % 2 SETTINGS max_threads = 1"
    query "$n" "OPTIMIZE TABLE sightline.walk_local FINAL"
  done
}

case "${1:-}" in
  start)
    start_shard 1
    start_shard 2
    load_tables
    echo "clickhouse: shards on http://127.0.0.1:${HTTP_PORTS[0]} and :${HTTP_PORTS[1]} (cluster sightline, database sightline)"
    ;;
  stop)
    stop_shard 1
    stop_shard 2
    rm -rf "$DIR"
    ;;
  start-shard) start_shard "${2:?shard 1 or 2}" ;;
  stop-shard) stop_shard "${2:?shard 1 or 2}" ;;
  load-walk) load_walk "${2:-10000000}" ;;
  *) die "usage: clickhouse.sh start|stop|start-shard N|stop-shard N|load-walk ROWS" ;;
esac
