import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { AppError } from '../errors/app-error.js';
import { BundleWriter, readBundle } from './bundle.js';

const secret = 'correct horse battery staple';

async function writeBundle(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new BundleWriter(
    out,
    {
      bundleId: randomUUID(),
      createdAt: new Date().toISOString(),
      company: { id: 7, name: 'Acme' },
      schema: { tickets: 'TicketRouting1800000014000' },
    },
    secret,
  );
  const part = Buffer.from('contacts\t{"id":1}\n');
  await writer.add('parts/tickets.tsv.gz', Readable.from([part]), part.length, { contacts: 1 });
  const media = Buffer.alloc(200_000, 7);
  await writer.add('media/media/a.bin', Readable.from([media]), media.length);
  await writer.finish();
  return Buffer.concat(chunks);
}

const read = async (file: Buffer, key = secret) => {
  const entries: Record<string, Buffer> = {};
  const result = await readBundle(Readable.from([file]), key, async (name, plain) => {
    const chunks: Buffer[] = [];
    for await (const chunk of plain) chunks.push(chunk as Buffer);
    entries[name] = Buffer.concat(chunks);
  });
  return { ...result, entries };
};

const refusal = async (file: Buffer, key = secret) => {
  const error = await read(file, key).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('ERR_INVALID_BUNDLE');
  return (error as AppError).message;
};

describe('a company bundle', () => {
  let file: Buffer;
  beforeAll(async () => {
    file = await writeBundle();
  });

  it('gives back each entry as written, with the manifest', async () => {
    const { header, manifest, entries } = await read(file);
    expect(header.company).toEqual({ id: 7, name: 'Acme' });
    expect(entries['parts/tickets.tsv.gz']!.toString()).toBe('contacts\t{"id":1}\n');
    expect(entries['media/media/a.bin']!.equals(Buffer.alloc(200_000, 7))).toBe(true);
    expect(manifest.entries.map((entry) => entry.name)).toEqual([
      'parts/tickets.tsv.gz',
      'media/media/a.bin',
    ]);
    expect(manifest.entries[0]!.rows).toEqual({ contacts: 1 });
    // nothing of the content is in clear
    expect(file.includes(Buffer.from('contacts\t'))).toBe(false);
  });

  it('refuses a wrong key before any entry', async () => {
    expect(await refusal(file, 'another key')).toMatch(/key does not open/);
  });

  it('refuses an altered entry', async () => {
    const altered = Buffer.from(file);
    const at = altered.indexOf(Buffer.from('media/media/a.bin')) + 512 + 1000;
    altered[at] = altered[at]! ^ 0xff;
    expect(await refusal(altered)).toMatch(/altered/);
  });

  it('refuses a file cut short', async () => {
    expect(await refusal(file.subarray(0, Math.floor(file.length * 0.6)))).toMatch(
      /cut short|cannot be read/,
    );
  });
});
