#!/usr/bin/env bash
# CI: the Dockerfile built unchanged with podman and run as shipped: healthy, the home page and an API answer, the
# first admin's one-time sign-in, SIGTERM stops it cleanly, and the /data volume's data (the account, the session's
# signing key) outlives the container. Then the compose file's app + PostgreSQL profile the same way (see README).
set -euo pipefail
cd "$(dirname "$0")/.."
export CONTAINERS_CONF="$PWD/.ci/containers.conf"
export STORAGE_DRIVER=vfs
started=$SECONDS

scripts/image-base.sh
image=localhost/gestalt-online:ci
podman build --pull=never --network host -q -t "$image" . > /dev/null
echo "image built ($((SECONDS - started)) s): $(podman image inspect --format '{{.Size}}' "$image") bytes"

port=3987
url="http://127.0.0.1:$port"
volume=gestalt-image-check-$$
name=gestalt-image-check-$$
cleanup() { podman rm -f "$name" > /dev/null 2>&1 || true; podman volume rm -f "$volume" > /dev/null 2>&1 || true; }
trap cleanup EXIT
fail() { echo "image check: $1"; podman logs "$name" 2>&1 | tail -40; exit 1; }

# $1: extra environment (-e …) for the container. Host networking: no port mapping to set up on this machine.
run() {
  podman rm -f "$name" > /dev/null 2>&1 || true
  podman run -d --name "$name" --network host -v "$volume:/data" -e PORT=$port -e PUBLIC_URL="$url" \
    -e ADMIN_EMAILS=admin@example.com "$@" "$image" > /dev/null
  for _ in $(seq 1 90); do
    curl -fsS "$url/healthz" > /dev/null 2>&1 && return 0
    [ "$(podman inspect --format '{{.State.Running}}' "$name")" = true ] || fail "the container exited on start"
    sleep 1
  done
  fail "not healthy after 90 s"
}

stop() {
  podman stop -t 30 "$name" > /dev/null
  [ "$(podman inspect --format '{{.State.ExitCode}}' "$name")" = 0 ] || fail "SIGTERM: exit code $(podman inspect --format '{{.State.ExitCode}}' "$name")"
  podman logs "$name" 2>&1 | grep -q '"msg":"stopped"' || fail "SIGTERM: no \"stopped\" line in the log"
}

# The whole visit on one data volume; $@: extra environment for both containers.
visit() {
  run "$@"
  # Each body is read whole first: under pipefail, `curl | grep -q` fails when grep stops reading early.
  body=$(curl -fsS "$url/healthz") && [ -n "$body" ] || fail "/healthz"
  body=$(curl -fsS "$url/") && grep -qi '<html' <<< "$body" || fail "the home page"
  body=$(curl -fsS "$url/api/articles") && grep -q '"items"' <<< "$body" || fail "GET /api/articles"
  link=$(podman logs "$name" 2>&1 | grep -o "$url/admin-sign-in/[A-Za-z0-9_-]*" | sed -n 1p)
  [ -n "$link" ] || fail "no first-admin sign-in link in the log"
  cookie=$(curl -sS -o /dev/null -D - -X POST -H "origin: $url" -H 'content-type: application/x-www-form-urlencoded' "$link" \
    | grep -io 'session=[^;]*' | sed -n 1p)
  [ -n "$cookie" ] || fail "the first-admin sign-in gave no session"
  body=$(curl -fsS -H "cookie: $cookie" "$url/api/users") && grep -q 'admin@example.com' <<< "$body" || fail "GET /api/users as the admin"
  stop
  # A second container on the same volume: the account and the signing key are there, so the session still holds.
  run "$@"
  body=$(curl -fsS -H "cookie: $cookie" "$url/api/users") && grep -q 'admin@example.com' <<< "$body" || fail "the session after a restart on the same volume"
  podman logs "$name" 2>&1 | grep -q 'admin-sign-in/' && fail "a second first-admin link on the same data"
  stop
  podman rm -f "$name" > /dev/null
  podman volume rm -f "$volume" > /dev/null
}

visit
echo "image on PGlite: healthy, pages and API, first-admin sign-in, stopped cleanly, data kept ($((SECONDS - started)) s)"

# compose.yaml's profile: the app on a PostgreSQL. postgres:17 cannot be pulled here (no registry), so the machine's
# PostgreSQL (TEST_DATABASE_URL) stands in for the db service, with a database of the check's own.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  db=gestalt_image_check
  psql -q "$TEST_DATABASE_URL" -c "drop database if exists $db" -c "create database $db"
  visit -e DATABASE_URL="${TEST_DATABASE_URL%/*}/$db"
  psql -q "$TEST_DATABASE_URL" -c "drop database if exists $db"
  echo "image on PostgreSQL (compose.yaml's profile): the same ($((SECONDS - started)) s)"
fi
