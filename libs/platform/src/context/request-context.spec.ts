import { anonymousContext, currentContext, runInContext } from './request-context.js';

describe('request context', () => {
  it('is visible inside runInContext, across awaits, and gone outside', async () => {
    const ctx = anonymousContext('req-1', 'en');
    const seen = await runInContext(ctx, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentContext();
    });
    expect(seen).toEqual(ctx);
    expect(currentContext()).toBeUndefined();
  });

  it('builds an anonymous context with a fresh request id and the fallback language', () => {
    const ctx = anonymousContext();
    expect(ctx).toMatchObject({
      companyId: 0,
      userId: 0,
      profile: 'anonymous',
      super: false,
      lang: 'es',
    });
    expect(ctx.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
