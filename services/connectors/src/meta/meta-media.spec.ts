import { AppError } from '@sb/platform/errors';
import { assertMediaFits, mediaLimitOf } from './meta-media.js';

const MiB = 1024 * 1024;
const media = (mediaType: 'image' | 'video' | 'audio' | 'application', size: number) => ({
  key: 'company-1/messages/f',
  mimeType: 'application/octet-stream',
  fileName: 'f',
  size,
  mediaType,
});

describe('outbound media limits of Meta channels', () => {
  it('follows each channel and media kind', () => {
    expect(mediaLimitOf('whatsappapi', { mediaType: 'image' })).toBe(5 * MiB);
    expect(mediaLimitOf('whatsappapi', { mediaType: 'video' })).toBe(16 * MiB);
    expect(mediaLimitOf('whatsappapi', { mediaType: 'application' })).toBe(100 * MiB);
    expect(mediaLimitOf('facebook', { mediaType: 'image' })).toBe(25 * MiB);
    expect(mediaLimitOf('instagram', { mediaType: 'image' })).toBe(8 * MiB);
  });

  it('refuses a file over the limit with ERR_PAYLOAD_TOO_LARGE, accepts one at the limit', () => {
    expect(() => assertMediaFits('whatsappapi', media('image', 5 * MiB))).not.toThrow();
    let caught: unknown;
    try {
      assertMediaFits('whatsappapi', media('image', 5 * MiB + 1));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('ERR_PAYLOAD_TOO_LARGE');
    expect((caught as AppError).details).toMatchObject({ reason: 'media_too_large' });
  });
});
