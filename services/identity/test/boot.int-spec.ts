import { createInProcessBus } from '@sb/platform/bus';
import { startIdentityService } from '../src/index.js';

describe('identity boot', () => {
  it('refuses to start without JWT_SECRET, saying so', async () => {
    await expect(
      startIdentityService({
        bus: createInProcessBus(),
        databaseUrl: 'postgres://unused',
        env: {},
      }),
    ).rejects.toThrow(/JWT_SECRET is required/);
  });
});
