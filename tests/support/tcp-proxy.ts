import { createServer, connect, type Socket } from 'node:net';

/** A loopback TCP proxy that can be cut and restored, to make a database "unreachable" on demand. */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<Socket>();
  let open = true;
  const server = createServer((client) => {
    if (!open) { client.destroy(); return; }
    const upstream = connect(targetPort, targetHost);
    sockets.add(client); sockets.add(upstream);
    const drop = () => { client.destroy(); upstream.destroy(); sockets.delete(client); sockets.delete(upstream); };
    client.on('error', drop); upstream.on('error', drop); client.on('close', drop); upstream.on('close', drop);
    client.pipe(upstream); upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    /** Refuse new connections and cut the existing ones. */
    cut() { open = false; for (const s of sockets) s.destroy(); sockets.clear(); },
    restore() { open = true; },
    close: () => new Promise<void>((resolve) => { open = false; for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}
