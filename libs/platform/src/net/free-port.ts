import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on right now, for processes started side by side on one machine
 * (tests, benches, the local cluster). Another process may still take it before the caller binds it.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('the system gave no port')),
      );
    });
  });
}
