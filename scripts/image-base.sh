#!/usr/bin/env bash
# Podman on this machine and the Dockerfile's base image, docker.io/library/node:24-slim, made here (no registry is
# reachable): Debian bookworm (debootstrap minbase), the project's Node 24 binary, the machine's npm, a `node` user
# (uid 1000, as in the official image) and the machine's CA bundle. Made once; podman's storage keeps it between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CONTAINERS_CONF="$root/.ci/containers.conf"
export STORAGE_DRIVER=vfs

if ! command -v podman > /dev/null || ! command -v runc > /dev/null || ! command -v debootstrap > /dev/null || ! command -v podman-compose > /dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap podman-compose > /dev/null
fi

base=docker.io/library/node:24-slim
if podman image exists "$base"; then exit 0; fi
rootfs=$(mktemp -d /var/tmp/node24-rootfs-XXXXXX)
trap 'rm -rf "$rootfs"' EXIT
debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian > /dev/null
install -m 0755 "$root/node_modules/node/bin/node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
mkdir -p "$rootfs/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/archives/*.deb
tar -C "$rootfs" -c . | podman import \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' - "$base" > /dev/null
echo "made $base ($(podman image inspect --format '{{.Size}}' "$base") bytes)"
