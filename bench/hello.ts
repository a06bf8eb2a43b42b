// The ceiling: the cheapest HTTP answer Node gives on this machine. Run in its own process; prints its port.
import { createServer } from 'node:http';

const body = 'hello world';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
