import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ProxyAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A self-signed certificate for `localhost`, made with openssl for this run only. */
export function selfSignedCertificate(dir: string) {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1',
    '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { cert, key, pem: readFileSync(cert, 'utf8') };
}

/**
 * Debian's Caddy terminating TLS in front of the app, configured as the README's Caddyfile says.
 * `send` talks https to it, trusting only our certificate, from a chosen loopback address
 * (127.0.0.2, 127.0.0.3 …) so that the app can tell clients apart through X-Forwarded-For.
 */
export async function startTlsProxy(upstreamPort: number, port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'gestalt-caddy-'));
  const { cert, key, pem } = selfSignedCertificate(dir);
  writeFileSync(join(dir, 'Caddyfile'), `{
  admin off
  auto_https off
}
https://localhost:${port} {
  tls ${cert} ${key}
  reverse_proxy 127.0.0.1:${upstreamPort}
}
`);
  const caddy = spawn(process.env.CADDY_PATH ?? '/usr/bin/caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  caddy.stdout!.on('data', (d) => (output += d));
  caddy.stderr!.on('data', (d) => (output += d));
  const origin = `https://localhost:${port}`;

  function send(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {}): Promise<ProxyAnswer> {
    return new Promise((resolve, reject) => {
      const req = request(`${origin}${path}`, {
        method: opts.method ?? 'GET', headers: opts.headers, ca: pem, localAddress: opts.from ?? '127.0.0.2',
      }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end(opts.body);
    });
  }

  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await send('/healthz');
      break;
    } catch (error) {
      if (caddy.exitCode !== null || Date.now() > deadline) throw new Error(`caddy did not start: ${String(error)}\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    origin,
    send,
    output: () => output,
    async stop() {
      caddy.kill('SIGTERM');
      await new Promise((r) => caddy.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
