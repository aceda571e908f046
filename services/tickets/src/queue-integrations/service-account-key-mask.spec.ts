import { MaskedSecret } from '@sb/contracts';
import {
  isMaskedKey,
  maskServiceAccountKey,
  resolveSubmittedKey,
} from './service-account-key-mask.js';

const key = JSON.stringify({
  project_id: 'agent-1',
  client_email: 'bot@agent-1.iam.gserviceaccount.com',
  private_key: 'PRIVATE-1',
  token_uri: 'https://auth.test/token',
});

describe('service-account key masking', () => {
  it('answers the key without its private key', () => {
    const masked = maskServiceAccountKey(key);
    expect(masked).not.toContain('PRIVATE-1');
    expect(JSON.parse(masked)).toMatchObject({
      client_email: 'bot@agent-1.iam.gserviceaccount.com',
      private_key: MaskedSecret,
    });
    expect(isMaskedKey(masked)).toBe(true);
    expect(isMaskedKey(key)).toBe(false);
    expect(maskServiceAccountKey(null)).toBe('');
  });

  it('keeps the stored private key when the masked key comes back, and takes a new key as sent', () => {
    const masked = JSON.stringify({ ...JSON.parse(maskServiceAccountKey(key)), project_id: 'x' });
    expect(JSON.parse(resolveSubmittedKey(masked, key)!)).toMatchObject({
      private_key: 'PRIVATE-1',
      project_id: 'x',
    });
    const fresh = JSON.stringify({ ...JSON.parse(key), private_key: 'PRIVATE-2' });
    expect(resolveSubmittedKey(fresh, key)).toBe(fresh);
    expect(resolveSubmittedKey(maskServiceAccountKey(key), null)).toBeUndefined();
    expect(resolveSubmittedKey('nonsense', key)).toBeUndefined();
  });
});
