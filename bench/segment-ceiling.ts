// The ceiling of the `hls` section: raw node:http answering every request with the same segment's bytes, held in
// memory, with the headers the app sends. Run in its own process; prints its port.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]!);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'video/iso.segment', 'content-length': body.length, 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=600' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
