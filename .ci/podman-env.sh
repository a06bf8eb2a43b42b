# Sourced by scripts/image-base.sh and scripts/image-check.sh: podman as these machines run it (see README).
# containers.conf: no default ulimits, cgroupfs, runc. Storage: overlay where the kernel has it (native, as root:
# a layer costs what it adds), else vfs (every layer a full copy of the file tree: slow, and many GB for one build);
# storage made earlier with vfs stays vfs (podman refuses to open it with another driver).
export CONTAINERS_CONF="$PWD/.ci/containers.conf"
if [ -z "${STORAGE_DRIVER:-}" ]; then
  if grep -qw overlay /proc/filesystems && [ ! -d /var/lib/containers/storage/vfs ]; then
    export STORAGE_DRIVER=overlay
  else
    export STORAGE_DRIVER=vfs
  fi
fi
