import { anonymousContext, runInContext } from '../context/request-context.js';
import { createLogger } from './create-logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, logger: createLogger('test', { level: 'debug', destination }) };
}

describe('createLogger', () => {
  it('adds requestId, companyId and userId of the current context', () => {
    const { lines, logger } = capture();
    const ctx = { ...anonymousContext('req-7'), companyId: 3, userId: 9 } as never;
    runInContext(ctx, () => logger.info('inside'));
    logger.info('outside');
    expect(lines[0]).toMatchObject({
      name: 'test',
      msg: 'inside',
      requestId: 'req-7',
      companyId: 3,
      userId: 9,
    });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('redacts passwords, tokens, authorization headers and cookies', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'p',
        body: { refreshToken: 'r', email: 'a@b.c' },
        req: { headers: { authorization: 'Bearer x', cookie: 'jrt=1' } },
      },
      'login',
    );
    const line = JSON.stringify(lines[0]);
    expect(line).not.toMatch(/"p"|"r"|Bearer x|jrt=1/);
    expect(lines[0]).toMatchObject({ password: '[redacted]', body: { email: 'a@b.c' } });
  });

  it('redacts channel credentials and bot keys (issue 16)', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        connection: { id: 4, credentials: { accessToken: 'EAAB-cloud' } },
        prompt: { apiKey: 'sk-proj-1', voiceKey: 'azure-1' },
        page: { pageAccessToken: 'EAAB-page' },
        integration: { jsonContent: '{"private_key":"k"}' },
      },
      'saved',
    );
    const line = JSON.stringify(lines[0]);
    expect(line).not.toMatch(/EAAB|sk-proj|azure-1|private_key/);
    expect(lines[0]).toMatchObject({ connection: { id: 4, credentials: '[redacted]' } });
  });
});
