/** The picture types a profile image may have, told apart by their first bytes. */
export const ImageTypes = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type ImageType = keyof typeof ImageTypes;

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type from the file's magic bytes, or undefined: the declared content type and the file name
 * come from the client and prove nothing.
 */
export const detectImageType = (data: Buffer): ImageType | undefined => {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
};

/** The uploaded name with the extension of the detected type (never the client's own extension). */
export const imageFileName = (original: string | undefined, type: ImageType): string => {
  const base = (original ?? '').replace(/\.[^./\\]*$/, '').slice(0, 60) || 'picture';
  return `${base}.${ImageTypes[type]}`;
};
