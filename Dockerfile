# syntax=docker/dockerfile:1
# Debian trixie (stable) rather than node:24-slim's bookworm: its postgresql-client is 17, as compose.yaml's
# database, and pg_dump refuses a server newer than itself (bookworm's is 15).
ARG BASE=node:24-trixie-slim
# Build stage: full dependencies, astro build, then only what the built server and the backup commands load.
FROM ${BASE} AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# The image has Node 24 already: skip the `node` devDependency's download of a second one.
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild esbuild
COPY . .
# The empty database template is root's with 0600 files (initdb's modes): readable by all, so that the server, as
# `node`, can copy it to a new /data (it copies contents with modes of its own, owned by `node`).
# scripts/image-prune.mjs then keeps only the packages the built server and the backup commands import (the
# production dependencies' whole tree is mostly astro's compiler), and checks that each of them still loads.
RUN node node_modules/astro/bin/astro.mjs build && node scripts/precompress.mjs && node scripts/pgdata-template.mjs \
  && chmod -R a+rX dist/server/pgdata-template && npm prune --omit=dev --ignore-scripts \
  && node --experimental-import-meta-resolve scripts/image-prune.mjs \
  && node --experimental-import-meta-resolve scripts/image-prune.mjs . --check \
  && mkdir -p /out/scripts && mv node_modules dist media modules migrations /out/ \
  && cp package.json /out/ && cp scripts/backup.ts scripts/restore.ts scripts/verify-backup.ts /out/scripts/

# Runtime stage: the built server, its packages and the backup commands, as a non-root user.
FROM ${BASE}
# ffmpeg (and ffprobe) probe recordings and transcode them to HLS (modules/recordings); pg_dump and pg_restore back
# up PostgreSQL (modules/backup). Debian's ffmpeg brings the X, GL and Vulkan stack for output devices it never
# opens here; of what the install adds, only the packages holding a library the four programs link (ldd), and the
# programs' own, stay: the rest (Mesa's drivers with LLVM, fonts, X keyboard data, MIME and icon data) is only ever
# loaded at run time by code paths we do not use. The build fails if a program then lacks a library, or if ffmpeg
# cannot transcode the way modules/recordings does.
RUN dpkg-query -W -f '${Package}\n' | sort > /tmp/before \
  && apt-get update && apt-get install -y --no-install-recommends ffmpeg postgresql-client \
  && pg=$(ls -d /usr/lib/postgresql/*/bin) \
  && programs="/usr/bin/ffmpeg /usr/bin/ffprobe $pg/pg_dump $pg/pg_restore" \
  && libs=$(ldd $programs | awk '/=> \// { print $3 }' | xargs -n1 readlink -f | sort -u) \
  && keep=$( (for f in $programs $libs; do dpkg -S "$f" 2>/dev/null || dpkg -S "${f#/usr}" 2>/dev/null; done) \
     | cut -d: -f1 | sed 's/,.*//' | sort -u) \
  && { dpkg-query -W -f '${Package}\n' | sort | comm -13 /tmp/before - \
     | grep -vxF -e "$keep" -e ca-certificates -e netbase > /tmp/drop || true; } \
  && dpkg --purge --force-depends $(cat /tmp/drop) \
  && ln -s "$pg/pg_dump" /usr/local/bin/pg_dump && ln -s "$pg/pg_restore" /usr/local/bin/pg_restore \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/* /usr/share/doc /usr/share/man /usr/share/locale /tmp/* \
  && ! ldd $programs | grep 'not found' \
  && ffmpeg -v error -f lavfi -i testsrc=duration=1:size=64x64:rate=10 -f lavfi -i sine=duration=1 \
     -c:v libx264 -c:a aac -f hls /tmp/check.m3u8 && ffprobe -v error /tmp/check.m3u8 && pg_dump --version \
  && rm -f /tmp/check* && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MEDIA_DIR=/app/media
# Memory (the same in scripts/start.mjs and tests/support/server.ts): without a cap glibc gives threads arenas of
# their own (about 100 MB more after load).
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /out /app
USER node
# What the admin's system page shows, given by the builder (scripts/image-check.sh: `--build-arg
# SOURCE_COMMIT=$(git rev-parse HEAD) --build-arg IMAGE_BUILT_AT=<ISO time>`); empty when not. Last, so that a new
# commit or time changes no layer above.
ARG SOURCE_COMMIT=""
ARG IMAGE_BUILT_AT=""
# Podman's layer cache (buildah 1.28) ignores the values an ENV expands, not those a RUN sees: without this empty
# RUN, a rebuild kept the previous build's time.
RUN true
ENV SOURCE_COMMIT=${SOURCE_COMMIT} IMAGE_BUILT_AT=${IMAGE_BUILT_AT}
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A small young generation (--max-semi-space-size) halves the V8 heap after a load run. Under a 512 MB old-space cap
# V8 lets the heap grow to at most 1.4 times what a full collection left alive (from 1.3 at 256 MB to 2 just under
# 2 GB; uncapped, 4 times): about 130 MB less after a load run. About 40 MB is alive, a twelfth of the cap.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=512", "dist/server/entry.mjs"]
