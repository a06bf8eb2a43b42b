#!/usr/bin/env bash
# Podman on this machine and the Dockerfile's base image (its `ARG BASE`, node:24-trixie-slim), made here: no
# registry is reachable. Debian (mmdebstrap, minbase, without documentation, manual pages and translations, as
# Debian's slim images), the project's Node 24 binary without its symbol tables, the machine's npm, a `node` user
# (uid 1000, as in the official image) and the machine's CA bundle. Made once: podman's storage keeps it, and the
# file system tree it was imported from is kept under IMAGE_CACHE_DIR, for when podman's storage is new.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source .ci/podman-env.sh

# podman, runc, mmdebstrap (rather than debootstrap: one apt run, parallel downloads, one dpkg pass), strip, psql.
node scripts/ensure-packages.mjs image

base=$(sed -n 's/^ARG BASE=//p' Dockerfile)
suite=$(sed -E 's/^node:[0-9]+-([a-z]+)-slim$/\1/' <<< "$base")
[ "$suite" != "$base" ] || { echo "image-base: cannot tell the Debian release from the Dockerfile's base $base"; exit 1; }
name="docker.io/library/$base"
if podman image exists "$name"; then exit 0; fi

node_bin="$root/node_modules/node/bin/node"
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
key=$(cat scripts/image-base.sh .ci/podman-env.sh <("$node_bin" --version) <(npm --version) <(echo "$suite") | sha256sum | cut -c1-16)
cache_dir="${IMAGE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gestalt-online}"
cached="$cache_dir/$suite-node-$key.tar"
import_tree() {
  podman import \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' "$1" "$name" > /dev/null
  echo "image-base: $name ($(podman image inspect --format '{{.Size}}' "$name") bytes) from $1"
}
if [ -f "$cached" ]; then import_tree "$cached"; exit 0; fi

started=$SECONDS
rootfs=$(mktemp -d /var/tmp/node-rootfs-XXXXXX)
trap 'rm -rf "$rootfs" "$cached.part"' EXIT
# The path filters stay in the image (/etc/dpkg/dpkg.cfg.d), so the Dockerfile's apt-get installs follow them too.
mmdebstrap --quiet --mode=root --variant=minbase --aptopt='Acquire::Languages "none"' \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-include=/usr/share/locale/locale.alias' --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/info/*' \
  "$suite" "$rootfs" "deb http://deb.debian.org/debian $suite $suite-updates main" \
  "deb http://deb.debian.org/debian-security $suite-security main"
strip -o "$rootfs/usr/local/bin/node" "$node_bin" 2> /dev/null || install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
mkdir -p "$rootfs/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/log/* "$rootfs"/tmp/*
mkdir -p "$cache_dir"
tar -C "$rootfs" -cf "$cached.part" . && mv "$cached.part" "$cached"
find "$cache_dir" -name "$suite-node-*.tar" ! -name "$(basename "$cached")" -delete
echo "image-base: made the $suite tree in $((SECONDS - started)) s"
import_tree "$cached"
