# syntax=docker/dockerfile:1
# Build stage: full dependencies, astro build, then prune to production dependencies.
FROM node:24-slim AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# The image has Node 24 already: skip the `node` devDependency's download of a second one.
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild esbuild
COPY . .
# The empty database template is root's with 0600 files (initdb's modes): readable by all, so that the server, as
# `node`, can copy it to a new /data (it copies contents with modes of its own, owned by `node`).
RUN node node_modules/astro/bin/astro.mjs build && node scripts/precompress.mjs && node scripts/pgdata-template.mjs \
  && chmod -R a+rX dist/server/pgdata-template && npm prune --omit=dev --ignore-scripts

# Runtime stage: production dependencies and the built server only, as a non-root user.
FROM node:24-slim
# ffmpeg (and ffprobe) from Debian's packages: recordings are probed and transcoded to HLS (modules/recordings).
# Debian's ffmpeg depends on the whole Mesa stack for GL output it never does here; its drivers (libgl1-mesa-dri and
# the LLVM and Z3 they need, about 200 MB) are only ever loaded at run time, so they go, with the documentation. The
# build fails if ffmpeg or ffprobe then lacks a library or cannot transcode the way modules/recordings does.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg \
  && dpkg --purge --force-depends libgl1-mesa-dri libllvm15 libz3-4 mesa-vulkan-drivers mesa-va-drivers mesa-vdpau-drivers \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb /usr/share/doc /usr/share/man /usr/share/locale \
  && ! ldd /usr/bin/ffmpeg /usr/bin/ffprobe | grep 'not found' \
  && ffmpeg -v error -f lavfi -i testsrc=duration=1:size=64x64:rate=10 -f lavfi -i sine=duration=1 \
     -c:v libx264 -c:a aac -f hls /tmp/check.m3u8 && ffprobe -v error /tmp/check.m3u8 && rm -f /tmp/check*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MEDIA_DIR=/app/media
# Memory (the same in scripts/start.mjs and tests/support/server.ts): without a cap glibc gives threads arenas of
# their own (about 100 MB more after load).
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/media ./media
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A small young generation (--max-semi-space-size) halves the V8 heap after a load run. Under a 512 MB old-space cap
# V8 lets the heap grow to at most 1.4 times what a full collection left alive (from 1.3 at 256 MB to 2 just under
# 2 GB; uncapped, 4 times): about 130 MB less after a load run. About 40 MB is alive, a twelfth of the cap.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=512", "dist/server/entry.mjs"]
