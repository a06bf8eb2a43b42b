#!/usr/bin/env bash
# CI: the Dockerfile built unchanged with podman and run as shipped: healthy, the home page and an API answer, the
# first admin's one-time sign-in, SIGTERM stops it cleanly, and the /data volume's data (the account, the session's
# signing key) outlives the container; `npm run backup` in the image and `npm run restore` of that file into a new
# volume (and database) give an instance where the same session holds. Then the compose file's app + PostgreSQL
# profile the same way (see README). The image's size and memory are printed (README, "Self-hosting").
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/podman-env.sh
started=$SECONDS

scripts/image-base.sh
image=localhost/gestalt-online:ci
# The build's `npm ci` reads the npm cache .ci/run's own `npm ci` filled: the packages are not fetched again.
npm_cache=$(npm config get cache)
mkdir -p "$npm_cache"
commit=$(git rev-parse HEAD 2> /dev/null || echo "")
built_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)
podman build --pull=never --network host -q -v "$npm_cache:/root/.npm" \
  --build-arg SOURCE_COMMIT="$commit" --build-arg IMAGE_BUILT_AT="$built_at" -t "$image" . > /dev/null
size=$(podman image inspect --format '{{.Size}}' "$image")
echo "image built ($((SECONDS - started)) s): $size bytes ($((size / 1000000)) MB)"
env=$(podman image inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$image")
grep -qx "SOURCE_COMMIT=$commit" <<< "$env" && grep -qx "IMAGE_BUILT_AT=$built_at" <<< "$env" \
  || { echo "image check: SOURCE_COMMIT / IMAGE_BUILT_AT not in the image's environment"; exit 1; }

port=3987
url="http://127.0.0.1:$port"
volume=gestalt-image-check-$$
restored=gestalt-image-check-restored-$$
name=gestalt-image-check-$$
cleanup() {
  podman rm -f "$name" > /dev/null 2>&1 || true
  podman volume rm -f "$volume" "$restored" > /dev/null 2>&1 || true
}
trap cleanup EXIT
fail() { echo "image check: $1"; podman logs "$name" 2>&1 | tail -40; exit 1; }

# $1: the data volume; then extra options (-e …) for the container. Host networking: no port mapping to set up here.
run() {
  local vol=$1
  shift
  podman rm -f "$name" > /dev/null 2>&1 || true
  podman run -d --name "$name" --network host -v "$vol:/data" -e PORT=$port -e PUBLIC_URL="$url" \
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

signed_in() { body=$(curl -fsS -H "cookie: $cookie" "$url/api/users") && grep -q 'admin@example.com' <<< "$body"; }

# The container's memory as podman counts it (the cgroup's: heap, code, page cache of what it read).
memory() { podman stats --no-stream --format '{{.MemUsage}}' "$name" 2> /dev/null | cut -d/ -f1 | tr -d ' '; }

measure() {
  sleep 5
  local idle
  idle=$(memory)
  # A short load: 2,000 home page views, 8 at a time.
  seq 1 2000 | xargs -P 8 -I{} curl -fsS -o /dev/null "$url/" || fail "the home page under load"
  echo "memory: $idle at idle after start, $(memory) after 2,000 home page views (8 at a time)"
}

# A backup made in the image, restored by the image into a new volume ($restored) and, on PostgreSQL, a new
# database ($restore_url): the same admin, the same signing key, so the same session holds there.
# $1: exec (in the running container, then stopped) or run (a container of its own on the stopped app's volume).
backup_restore() {
  local how=$1 out file
  shift
  if [ "$how" = exec ]; then
    out=$(podman exec "$name" npm run --silent backup 2>&1) || fail "npm run backup in the running container: $out"
    stop
  else
    out=$(podman run --rm --network host -v "$volume:/data" -e PUBLIC_URL="$url" "$@" "$image" npm run --silent backup 2>&1) \
      || fail "npm run backup in the image: $out"
  fi
  file=$(grep -o '/data/backups/[^ ]*\.tar' <<< "$out" | sed -n 1p)
  [ -n "$file" ] || fail "npm run backup named no file: $out"
  # pg_restore 17 (trixie's) writes `SET transaction_timeout`, which a PostgreSQL older than 17 refuses: with this
  # machine's 15 the round trip stops at a backup made (compose.yaml's postgres:17 takes it).
  if [ -n "${restore_env[*]}" ] && [ "$(psql -Atc 'show server_version_num' "$TEST_DATABASE_URL")" -lt 170000 ]; then
    echo "image check: PostgreSQL older than 17 here: backup made in the container ($file), restore not tried"
    return 0
  fi
  out=$(podman run --rm --network host -v "$restored:/data" -v "$volume:/backup:ro" -e PUBLIC_URL="$url" \
    "${restore_env[@]}" "$image" npm run --silent restore -- "/backup/${file#/data/}" 2>&1) \
    || fail "npm run restore in the image: $out"
  run "$restored" "${restore_env[@]}"
  signed_in || fail "the session on the restored instance"
  podman logs "$name" 2>&1 | grep -q 'admin-sign-in/' && fail "a first-admin link on the restored data"
  stop
}

# The whole visit on one data volume; $@: extra environment for every container.
visit() {
  run "$volume" "$@"
  # Each body is read whole first: under pipefail, `curl | grep -q` fails when grep stops reading early.
  body=$(curl -fsS "$url/healthz") && [ -n "$body" ] || fail "/healthz"
  body=$(curl -fsS "$url/") && grep -qi '<html' <<< "$body" || fail "the home page"
  body=$(curl -fsS "$url/api/articles") && grep -q '"items"' <<< "$body" || fail "GET /api/articles"
  link=$(podman logs "$name" 2>&1 | grep -o "$url/admin-sign-in/[A-Za-z0-9_-]*" | sed -n 1p)
  [ -n "$link" ] || fail "no first-admin sign-in link in the log"
  cookie=$(curl -sS -o /dev/null -D - -X POST -H "origin: $url" -H 'content-type: application/x-www-form-urlencoded' "$link" \
    | grep -io 'session=[^;]*' | sed -n 1p)
  [ -n "$cookie" ] || fail "the first-admin sign-in gave no session"
  signed_in || fail "GET /api/users as the admin"
  [ -n "${MEASURE:-}" ] && measure
  stop
  # A second container on the same volume: the account and the signing key are there, so the session still holds.
  run "$volume" "$@"
  signed_in || fail "the session after a restart on the same volume"
  podman logs "$name" 2>&1 | grep -q 'admin-sign-in/' && fail "a second first-admin link on the same data"
  if [ -n "${DATABASE:-}" ]; then
    backup_restore exec "$@"
  else
    stop
    backup_restore run "$@"
  fi
  podman rm -f "$name" > /dev/null
  podman volume rm -f "$volume" "$restored" > /dev/null
}

restore_env=()
MEASURE=1 visit
echo "image on PGlite: healthy, pages and API, first-admin sign-in, stopped cleanly, data kept, backup restored ($((SECONDS - started)) s)"

# compose.yaml's profile: the app on a PostgreSQL. postgres:17 cannot be pulled here (no registry), so the machine's
# PostgreSQL (TEST_DATABASE_URL) stands in for the db service, with databases of the check's own.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  db=gestalt_image_check
  psql -q "$TEST_DATABASE_URL" -c "drop database if exists $db" -c "create database $db" \
    -c "drop database if exists ${db}_restored" -c "create database ${db}_restored"
  restore_env=(-e DATABASE_URL="${TEST_DATABASE_URL%/*}/${db}_restored")
  DATABASE=1 visit -e DATABASE_URL="${TEST_DATABASE_URL%/*}/$db"
  psql -q "$TEST_DATABASE_URL" -c "drop database if exists $db" -c "drop database if exists ${db}_restored"
  echo "image on PostgreSQL (compose.yaml's profile): the same, the backup taken in the running container ($((SECONDS - started)) s)"
fi
