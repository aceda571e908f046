import { createServer, type Server } from 'node:net';
import { probeNats } from './probes.js';

// A fake greeting over a local socket: checks the probe's protocol logic, not a real NATS.
function listen(greeting: string): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.end(greeting));
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

describe('probeNats', () => {
  it('accepts a server that greets with INFO and refuses anything else', async () => {
    const nats = await listen('INFO {"server_id":"x"}\r\n');
    const http = await listen('HTTP/1.1 400 Bad Request\r\n');
    expect(await probeNats('127.0.0.1', nats.port)).toBe(true);
    expect(await probeNats('127.0.0.1', http.port)).toBe(false);
    nats.server.close();
    http.server.close();
  });

  it('answers false when nothing listens', async () => {
    const { server, port } = await listen('');
    await new Promise((resolve) => server.close(resolve));
    expect(await probeNats('127.0.0.1', port, 500)).toBe(false);
  });
});
