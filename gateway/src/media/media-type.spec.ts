import { detectMediaType, fileMatchesClaim, mediaFileName } from './media-type.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('detectMediaType', () => {
  it.each([
    [bytes([0x89], 'PNG\r\n', [0x1a, 0x0a]), 'image/png'],
    [bytes('%PDF-1.7'), 'application/pdf'],
    [bytes('OggS', [0, 2]), 'audio/ogg'],
    [bytes('ID3', [4, 0]), 'audio/mpeg'],
    [bytes('RIFF', [0, 0, 0, 0], 'WAVE'), 'audio/wav'],
    [bytes([0, 0, 0, 0x20], 'ftypisom'), 'video/mp4'],
    [bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mp4'],
    [bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm'],
  ])('recognises %#', (data, type) => {
    expect(detectMediaType(data)).toBe(type);
  });

  it('refuses anything else, whatever its name says', () => {
    expect(detectMediaType(bytes('#!/bin/sh\necho hi'))).toBeUndefined();
    expect(detectMediaType(bytes('MZ', [0x90, 0]))).toBeUndefined();
  });
});

describe('mediaFileName', () => {
  it('keeps a safe base name and the detected extension', () => {
    expect(mediaFileName('price list (v2).exe', 'application/pdf')).toBe('price-list-v2-.pdf');
    expect(mediaFileName(undefined, 'audio/ogg')).toBe('file.ogg');
  });
});

describe('fileMatchesClaim', () => {
  it('accepts bytes of the kind the type or the extension claims', () => {
    expect(fileMatchesClaim('image/png', 'image/jpeg', 'a.jpg')).toBe(true);
    expect(fileMatchesClaim('video/mp4', 'audio/mp4', 'voice.m4a')).toBe(true);
    expect(fileMatchesClaim('audio/ogg', undefined, 'voice.ogg')).toBe(true);
    expect(fileMatchesClaim('application/pdf', 'application/pdf', 'doc.pdf')).toBe(true);
  });
  it('accepts a document that claims no media kind, typed by its bytes', () => {
    expect(fileMatchesClaim(undefined, 'application/octet-stream', 'sheet.xlsx')).toBe(true);
    expect(fileMatchesClaim('image/png', 'application/x-anything', 'photo.bin')).toBe(true);
  });
  it('refuses a file that is not what it claims', () => {
    expect(fileMatchesClaim(undefined, 'image/jpeg', 'photo.jpg')).toBe(false);
    expect(fileMatchesClaim(undefined, 'application/octet-stream', 'photo.jpg')).toBe(false);
    expect(fileMatchesClaim('application/pdf', 'image/png', 'x.png')).toBe(false);
    expect(fileMatchesClaim('image/png', 'video/mp4', 'clip.mp4')).toBe(false);
    expect(fileMatchesClaim(undefined, 'application/pdf', 'invoice.pdf')).toBe(false);
  });
});
