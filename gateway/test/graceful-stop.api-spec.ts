import http from 'node:http';
import { createInProcessBus } from '@sb/platform/bus';
import { startGateway } from '@sb/gateway';

// A gateway stopping (SIGTERM in a rolling restart) while a client keeps a kept-alive connection busy:
// the failover bench's webhook sender behind a TCP proxy kept a closing gateway up for good, since
// server.close() only drops idle connections.

const jwtSecret = 'graceful-stop-secret-graceful-stop-secret';

describe('gateway stop with a busy kept-alive connection', () => {
  it('answers with Connection: close and stops within the grace time', async () => {
    const bus = createInProcessBus({});
    // a login takes a while: one is still under way when the gateway is told to stop
    let logins = 0;
    await bus.handle('identity.auth.login', async () => {
      logins += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
      throw new Error('no identity here');
    });
    const gateway = await startGateway({
      bus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: ['http://localhost:3000'],
      env: { JWT_SECRET: jwtSecret },
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const request = http.request(
          `${gateway.url}/auth/login`,
          { agent, method: 'POST', headers: { 'content-type': 'application/json' } },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                connection: response.headers.connection,
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ email: 'agent@example.com', password: 'secret-password' }));
      });
    const answers: { status: number; connection?: string }[] = [];
    let sending = true;
    const sender = (async () => {
      while (sending) {
        try {
          answers.push(await get());
        } catch {
          // refused once the gateway no longer listens
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    })();
    try {
      // two answered on the kept-alive connection, the third under way
      while (logins < 3) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(answers.map((answer) => answer.connection)).toEqual(['keep-alive', 'keep-alive']);
      const started = Date.now();
      const stopped = await Promise.race([
        gateway.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 8_000)),
      ]);
      expect(stopped).toBe(true);
      expect(Date.now() - started).toBeLessThan(8_000);
      // the login under way was answered, and told its client to go elsewhere next
      const answered = Date.now() + 2_000;
      while (answers.length < 3 && Date.now() < answered)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(answers).toContainEqual(expect.objectContaining({ connection: 'close' }));
    } finally {
      sending = false;
      await sender;
      agent.destroy();
      await bus.close();
    }
  }, 30_000);
});
