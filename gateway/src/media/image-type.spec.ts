import { detectImageType, imageFileName } from './image-type.js';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(
    values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))),
  );

describe('detectImageType', () => {
  it('recognises png, jpeg, gif and webp by their magic bytes', () => {
    expect(detectImageType(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 'rest'))).toBe('image/png');
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectImageType(bytes('GIF89a...'))).toBe('image/gif');
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, whatever its name says', () => {
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectImageType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(detectImageType(Buffer.alloc(0))).toBeUndefined();
  });

  it('names the file after the detected type', () => {
    expect(imageFileName('me.exe', 'image/png')).toBe('me.png');
    expect(imageFileName(undefined, 'image/jpeg')).toBe('picture.jpg');
  });
});
