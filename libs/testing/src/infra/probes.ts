import { Socket } from 'node:net';
import pg from 'pg';

/** True when a Postgres answers `SELECT 1` at the URL within the timeout. */
export async function probePostgres(url: string, timeoutMs = 1500): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** True when a NATS server greets with its INFO line at host:port within the timeout. */
export function probeNats(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let greeting = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.on('data', (chunk) => {
      greeting += chunk.toString('utf8');
      if (greeting.includes('\n')) done(greeting.startsWith('INFO '));
    });
    socket.connect(port, host);
  });
}
