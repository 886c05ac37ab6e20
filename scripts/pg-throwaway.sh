#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the floor: a temporary folder, a free loopback port,
# trust for the `postgres` superuser and a password (SCRAM) for the role `croupier_pw`
# (password `right`, for the tests of a wrong password). TLS on, with a certificate for
# 127.0.0.1 and localhost signed by a CA made for the cluster (`DIR/ca.pem`; `DIR/other-ca.pem`
# is a second CA that signed nothing), and the role `croupier_tls` that may log in over
# TLS only. Nothing outside the folder.
#
#   scripts/pg-throwaway.sh start        start one; prints `URL DIR` on one line
#   scripts/pg-throwaway.sh stop DIR     stop it and remove DIR
#   scripts/pg-throwaway.sh down DIR     stop it at once (as a crash would), keep DIR
#   scripts/pg-throwaway.sh up DIR       start it again on the same port
#   scripts/pg-throwaway.sh run CMD...   start one, run CMD with CROUPIER_TEST_FLOOR set
#                                        to its URL (and CROUPIER_TEST_FLOOR_CA to its
#                                        CA), stop it however CMD ends
#
# PostgreSQL comes from the distribution: if its server binaries are missing and we are
# root, `apt-get install postgresql` first. initdb refuses root: as root, the server runs
# as the `postgres` user the package creates.
set -euo pipefail

find_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

PGBIN="${PGBIN:-$(find_bin)}"
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "pg-throwaway: PostgreSQL is missing; installing it (apt-get install postgresql)" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    PGBIN="$(find_bin)"
  else
    echo "pg-throwaway: no PostgreSQL server binaries (/usr/lib/postgresql/*/bin); install the postgresql package" >&2
    exit 1
  fi
fi

if ! command -v openssl >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "pg-throwaway: openssl is missing; installing it (apt-get install openssl)" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl >&2
  else
    echo "pg-throwaway: no openssl command (for the cluster's TLS certificate); install the openssl package" >&2
    exit 1
  fi
fi

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  local p
  for _ in $(seq 1 200); do
    p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return
    fi
  done
  echo "pg-throwaway: no free port found" >&2
  exit 1
}

server_up() {
  local dir=$1 port
  port=$(cat "$dir/port")
  as_pg "$PGBIN/pg_ctl" -D "$dir/pg" -w -t 60 -l "$dir/pg.log" \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c wal_level=logical -c ssl=on -c ssl_cert_file=$dir/server.pem -c ssl_key_file=$dir/server.key" start >/dev/null
}

# A CA for the cluster, a server certificate it signs (for 127.0.0.1 and localhost), and a
# second CA that signed nothing: the tests of a floor whose certificate is not the CA's.
certs() {
  local dir=$1
  (
    cd "$dir"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3 -subj "/CN=croupier test floor CA" \
      -keyout ca.key -out ca.pem
    openssl req -x509 -newkey rsa:2048 -nodes -days 3 -subj "/CN=some other CA" \
      -keyout other-ca.key -out other-ca.pem
    openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout server.key -out server.csr
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n' >server.ext
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 3 \
      -extfile server.ext -out server.pem
    rm -f ca.key other-ca.key server.csr server.ext ca.srl
    chmod 0600 server.key
    chmod 0644 ca.pem other-ca.pem server.pem
  ) >"$dir/certs.log" 2>&1 || { cat "$dir/certs.log" >&2; exit 1; }
  [ "$(id -u)" = 0 ] && chown postgres "$dir/server.key" "$dir/server.pem"
  return 0
}

start() {
  local dir port
  dir=$(mktemp -d "${TMPDIR:-/tmp}/croupier-pg.XXXXXX")
  chmod 0755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  as_pg "$PGBIN/initdb" -D "$dir/pg" -A trust -U postgres -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  # Password login for one role, before the trust line that initdb wrote.
  local hba="$dir/pg/pg_hba.conf"
  # And TLS only for another (refused in clear).
  as_pg sh -c "{ echo 'host all croupier_pw 127.0.0.1/32 scram-sha-256'; echo 'hostssl all croupier_tls 127.0.0.1/32 trust'; echo 'hostnossl all croupier_tls 127.0.0.1/32 reject'; cat '$hba'; } > '$hba.new' && mv '$hba.new' '$hba'"
  certs "$dir"
  for _ in 1 2 3 4 5; do
    port=$(free_port)
    echo "$port" >"$dir/port"
    if server_up "$dir" 2>>"$dir/start.log"; then
      as_pg "$PGBIN/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
        -c "CREATE ROLE croupier_pw LOGIN SUPERUSER PASSWORD 'right'" \
        -c "CREATE ROLE croupier_tls LOGIN SUPERUSER" >/dev/null
      echo "postgresql://postgres@127.0.0.1:$port/postgres $dir"
      return
    fi
  done
  cat "$dir/pg.log" >&2
  exit 1
}

stop() {
  local dir=$1
  as_pg "$PGBIN/pg_ctl" -D "$dir/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "$2" ;;
  down) as_pg "$PGBIN/pg_ctl" -D "$2/pg" -m immediate stop >/dev/null ;;
  up) server_up "$2" ;;
  run)
    shift
    read -r url dir < <(start)
    trap 'stop "$dir"' EXIT
    echo "pg-throwaway: PostgreSQL at $url (folder $dir)" >&2
    CROUPIER_TEST_FLOOR="$url" CROUPIER_TEST_FLOOR_CA="$dir/ca.pem" "$@"
    ;;
  *)
    sed -n '2,14p' "$0" >&2
    exit 2
    ;;
esac
