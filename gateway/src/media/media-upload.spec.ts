import type { Logger } from '@sb/platform/logger';
import type { ObjectStorage } from '@sb/storage';
import { checkMedia, MediaUploads, requireFiles, tooLargeAnswer } from './media-upload.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const gif = Buffer.from('GIF89a....', 'latin1');
const pdf = Buffer.from('%PDF-1.7 ...', 'latin1');
const text = Buffer.from('just some text', 'latin1');
const file = (buffer: Buffer, originalname = 'photo.bin') => ({
  buffer,
  originalname,
  size: buffer.length,
});

/** An in-memory storage that can be told to fail on the n-th put. */
const memoryStorage = (failOnPut?: number) => {
  const objects = new Map<string, Buffer>();
  let puts = 0;
  const storage = {
    put: async (key: string, body: Buffer) => {
      puts += 1;
      if (puts === failOnPut) throw new Error('disk full');
      objects.set(key, body);
    },
    remove: async (key: string) => {
      objects.delete(key);
    },
  } as unknown as ObjectStorage;
  return { storage, objects };
};
const warnings: unknown[] = [];
const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;

const attachment = { kind: 'attachment' as const };
const pngOnly = { kind: 'image' as const, types: ['image/png' as const], refusal: 'png only' };

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code: string; fields?: unknown; message: string }).code;
  }
  return undefined;
};

describe('requireFiles', () => {
  it('answers ERR_VALIDATION Required on the route field when no file came', () => {
    expect(codeOf(() => requireFiles(undefined, 'files'))).toBe('ERR_VALIDATION');
    expect(codeOf(() => requireFiles([], 'file'))).toBe('ERR_VALIDATION');
    try {
      requireFiles(undefined, 'files');
    } catch (err) {
      expect((err as { fields: unknown }).fields).toEqual({ files: ['Required'] });
    }
    expect(requireFiles(file(png), 'file')).toHaveLength(1);
  });
});

describe('checkMedia', () => {
  it('tells the type by the bytes and names the file with its extension', () => {
    expect(checkMedia(file(pdf, 'price list.docx'), attachment)).toMatchObject({
      type: 'application/pdf',
      name: 'price-list.pdf',
    });
    expect(checkMedia(file(png, 'me.gif'), pngOnly)).toMatchObject({
      type: 'image/png',
      name: 'me.png',
    });
  });
  it('refuses an unknown type, and an image type the route does not take, with its message', () => {
    expect(codeOf(() => checkMedia(file(text), attachment))).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    expect(codeOf(() => checkMedia(file(gif), pngOnly))).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    try {
      checkMedia(file(gif), pngOnly);
    } catch (err) {
      expect((err as Error).message).toBe('png only');
    }
  });
});

describe('MediaUploads.store', () => {
  const spec = {
    field: 'files',
    rule: attachment,
    keyOf: ({ name }: { name: string }) => `k/${name}`,
  };

  it('stores every file and hands the keys to save', async () => {
    const { storage, objects } = memoryStorage();
    const uploads = new MediaUploads(storage, logger);
    const keys = await uploads.store([file(png, 'a'), file(pdf, 'b')], spec, async (stored) =>
      stored.map((media) => media.key),
    );
    expect(keys).toEqual(['k/a.png', 'k/b.pdf']);
    expect([...objects.keys()]).toEqual(keys);
  });

  it('stores nothing when one file of several has an unknown type', async () => {
    const { storage, objects } = memoryStorage();
    const uploads = new MediaUploads(storage, logger);
    await expect(
      uploads.store([file(png, 'a'), file(text, 'b')], spec, async () => 'saved'),
    ).rejects.toMatchObject({ code: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    expect(objects.size).toBe(0);
  });

  it('removes the new files when the service refuses them', async () => {
    const { storage, objects } = memoryStorage();
    const uploads = new MediaUploads(storage, logger);
    await expect(
      uploads.store([file(png, 'a')], spec, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(objects.size).toBe(0);
  });

  it('removes the files already stored when the storage fails half way', async () => {
    const { storage, objects } = memoryStorage(2);
    const uploads = new MediaUploads(storage, logger);
    let saved = false;
    const save = async () => {
      saved = true;
      return 'saved';
    };
    await expect(uploads.store([file(png, 'a'), file(pdf, 'b')], spec, save)).rejects.toThrow(
      'disk full',
    );
    expect(saved).toBe(false);
    expect(objects.size).toBe(0);
  });

  it('removes quietly: a failed removal is logged, never thrown', async () => {
    const storage = {
      remove: async () => {
        throw new Error('gone away');
      },
    } as unknown as ObjectStorage;
    warnings.length = 0;
    await new MediaUploads(storage, logger).removeQuietly(['k/a', null], 'a test file');
    expect(warnings).toHaveLength(1);
  });
});

describe('tooLargeAnswer', () => {
  it("is 413 ERR_PAYLOAD_TOO_LARGE naming the route's limit", () => {
    expect(tooLargeAnswer(16 * 1024 * 1024)).toEqual({
      status: 413,
      body: { error: 'ERR_PAYLOAD_TOO_LARGE', message: 'The file is larger than 16 MB.' },
    });
    expect(tooLargeAnswer(5 * 1024 * 1024).body.message).toBe('The file is larger than 5 MB.');
  });
});
