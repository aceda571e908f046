import { createHmac } from 'node:crypto';
import { bodyLimitBytes, verifyMetaSignature } from './meta-webhook-ingress.js';
import { verifySubscription } from './meta-webhooks.controller.js';

const secret = 'app-secret';
const body = Buffer.from('{"object":"page","entry":[{"text":"ação"}]}');
const sign = (bytes: Buffer, key = secret) =>
  `sha256=${createHmac('sha256', key).update(bytes).digest('hex')}`;

describe('X-Hub-Signature-256', () => {
  it('accepts the HMAC-SHA256 of the raw body with the app secret', () => {
    expect(verifyMetaSignature(secret, body, sign(body))).toBe(true);
    expect(
      verifyMetaSignature(secret, body, sign(body).toUpperCase().replace('SHA256', 'sha256')),
    ).toBe(true);
  });

  it('refuses another secret, a changed body, a malformed or missing header', () => {
    expect(verifyMetaSignature(secret, body, sign(body, 'other'))).toBe(false);
    const reserialised = Buffer.from(
      JSON.stringify(JSON.parse(body.toString())).replace('ç', '\\u00e7'),
    );
    expect(verifyMetaSignature(secret, reserialised, sign(body))).toBe(false);
    expect(verifyMetaSignature(secret, body, 'sha256=abc')).toBe(false);
    expect(verifyMetaSignature(secret, body, sign(body).replace('sha256=', 'sha1='))).toBe(false);
    expect(verifyMetaSignature(secret, body, undefined)).toBe(false);
    expect(verifyMetaSignature(secret, body, [sign(body)])).toBe(false);
    expect(verifyMetaSignature(secret, undefined, sign(body))).toBe(false);
  });

  it('refuses everything when no app secret is configured', () => {
    expect(verifyMetaSignature(undefined, body, sign(body, ''))).toBe(false);
    expect(verifyMetaSignature('', body, sign(body, ''))).toBe(false);
  });
});

describe('webhook subscription check', () => {
  const query = {
    'hub.mode': 'subscribe',
    'hub.verify_token': 'tok',
    'hub.challenge': '1158201444',
  };

  it('echoes the challenge for the configured token', () => {
    expect(verifySubscription('tok', query)).toBe('1158201444');
  });

  it('refuses a wrong token, another mode, or no configured token', () => {
    expect(verifySubscription('other', query)).toBeNull();
    expect(verifySubscription('tok', { ...query, 'hub.mode': 'unsubscribe' })).toBeNull();
    expect(verifySubscription(undefined, query)).toBeNull();
    expect(verifySubscription('tok', { ...query, 'hub.verify_token': ['tok'] })).toBeNull();
  });
});

describe('BODY_LIMIT in bytes', () => {
  it('reads the units express accepts, and falls back to 1 MB', () => {
    expect(bodyLimitBytes('1mb')).toBe(1024 * 1024);
    expect(bodyLimitBytes('512kb')).toBe(512 * 1024);
    expect(bodyLimitBytes('2048')).toBe(2048);
    expect(bodyLimitBytes('1.5MB')).toBe(1.5 * 1024 * 1024);
    expect(bodyLimitBytes('lots')).toBe(1024 * 1024);
  });
});
