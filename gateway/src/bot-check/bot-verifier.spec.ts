import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@sb/platform/logger';
import { AlwaysPassBotVerifier, TurnstileBotVerifier, createBotVerifier } from './bot-verifier.js';

type Seen = { method?: string; contentType?: string; form: URLSearchParams };

/** A local stand-in for Cloudflare's siteverify: success only for the token `good-token`. */
const startFakeSiteverify = async (behaviour: 'normal' | 'error' | 'slow' = 'normal') => {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({ method: req.method, contentType: req.headers['content-type'], form });
      if (behaviour === 'slow') return; // never answers
      if (behaviour === 'error') {
        res.writeHead(500).end('boom');
        return;
      }
      const success = form.get('secret') === 'the-secret' && form.get('response') === 'good-token';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          success ? { success } : { success, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  return {
    url,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

const logger = createLogger('test', { level: 'silent' });

describe('TurnstileBotVerifier', () => {
  it('posts secret, response and remote ip as a form and passes only on success', async () => {
    const fake = await startFakeSiteverify();
    try {
      const verifier = new TurnstileBotVerifier({
        secret: 'the-secret',
        verifyUrl: fake.url,
        logger,
      });
      await expect(verifier.verify('good-token', '10.0.0.7')).resolves.toBe(true);
      await expect(verifier.verify('bad-token')).resolves.toBe(false);
      expect(fake.seen[0]?.method).toBe('POST');
      expect(fake.seen[0]?.contentType).toContain('application/x-www-form-urlencoded');
      expect(Object.fromEntries(fake.seen[0]?.form ?? [])).toEqual({
        secret: 'the-secret',
        response: 'good-token',
        remoteip: '10.0.0.7',
      });
    } finally {
      await fake.close();
    }
  });

  it('fails without asking when the token is missing', async () => {
    const fake = await startFakeSiteverify();
    try {
      const verifier = new TurnstileBotVerifier({
        secret: 'the-secret',
        verifyUrl: fake.url,
        logger,
      });
      await expect(verifier.verify(undefined)).resolves.toBe(false);
      await expect(verifier.verify('')).resolves.toBe(false);
      expect(fake.seen).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });

  it('fails closed when siteverify errors, is unreachable or too slow', async () => {
    const broken = await startFakeSiteverify('error');
    const slow = await startFakeSiteverify('slow');
    try {
      const make = (verifyUrl: string) =>
        new TurnstileBotVerifier({ secret: 'the-secret', verifyUrl, logger, timeoutMs: 200 });
      await expect(make(broken.url).verify('good-token')).resolves.toBe(false);
      await expect(make(slow.url).verify('good-token')).resolves.toBe(false);
      await expect(make('http://127.0.0.1:1/siteverify').verify('good-token')).resolves.toBe(false);
    } finally {
      await broken.close();
      await slow.close();
    }
  });
});

describe('createBotVerifier', () => {
  it('is Turnstile when a secret is set', () => {
    const verifier = createBotVerifier(
      { TURNSTILE_SECRET: 's', TURNSTILE_VERIFY_URL: 'http://127.0.0.1/x' },
      logger,
    );
    expect(verifier).toBeInstanceOf(TurnstileBotVerifier);
    expect(verifier.enabled).toBe(true);
  });

  it('is off with exactly one warning when no secret is set', async () => {
    const lines: { level: number; msg: string }[] = [];
    const warnLogger = createLogger('test', {
      level: 'warn',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    const verifier = createBotVerifier({ TURNSTILE_VERIFY_URL: 'http://127.0.0.1/x' }, warnLogger);
    expect(verifier).toBeInstanceOf(AlwaysPassBotVerifier);
    await expect(verifier.verify(undefined)).resolves.toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toMatch(/bot check is off/);
  });
});
