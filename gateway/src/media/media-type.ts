import { detectImageType, ImageTypes } from './image-type.js';

/** Attachments (quick messages) may be any of these, told apart by their first bytes. */
export const MediaTypes = {
  ...ImageTypes,
  'application/pdf': 'pdf',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
} as const;
export type MediaType = keyof typeof MediaTypes;

/** Largest attachment accepted (what the messaging channels carry). */
export const MaxAttachmentBytes = 16 * 1024 * 1024;

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The media type from the file's magic bytes, or undefined (the client's content type proves nothing). */
export const detectMediaType = (data: Buffer): MediaType | undefined => {
  const image = detectImageType(data);
  if (image) return image;
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(data, ascii('OggS'))) return 'audio/ogg';
  if (startsWith(data, ascii('ID3')) || startsWith(data, [0xff, 0xfb])) return 'audio/mpeg';
  if (startsWith(data, [0xff, 0xf3]) || startsWith(data, [0xff, 0xf2])) return 'audio/mpeg';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WAVE'), 8)) return 'audio/wav';
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith(data, ascii('ftyp'), 4)) {
    return startsWith(data, ascii('M4A'), 8) ? 'audio/mp4' : 'video/mp4';
  }
  return undefined;
};

/** The uploaded name with the extension of the detected type (never the client's own extension). */
export const mediaFileName = (original: string | undefined, type: MediaType): string => {
  const base =
    (original ?? '')
      .replace(/\.[^./\\]*$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+/, '')
      .slice(0, 60) || 'file';
  return `${base}.${MediaTypes[type]}`;
};

/** What a client's file says it is: its content type, else its extension (image, audio, video, pdf). */
type ClaimedKind = 'image' | 'audio' | 'video' | 'pdf';

const ClaimedExtensions: Record<string, ClaimedKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  mp3: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  wav: 'audio',
  m4a: 'audio',
  aac: 'audio',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
  '3gp': 'video',
  avi: 'video',
  mkv: 'video',
  pdf: 'pdf',
};

const claimOf = (contentType: string | undefined, name: string | undefined): ClaimedKind | null => {
  const type = (contentType ?? '').toLowerCase().split(';')[0]!.trim();
  if (type === 'application/pdf') return 'pdf';
  const family = type.split('/')[0];
  if (family === 'image' || family === 'audio' || family === 'video') return family;
  const extension = /\.([A-Za-z0-9]+)$/.exec(name ?? '')?.[1]?.toLowerCase();
  return (extension && ClaimedExtensions[extension]) || null;
};

const kindOfDetected = (type: MediaType): ClaimedKind =>
  type === 'application/pdf' ? 'pdf' : (type.split('/')[0] as ClaimedKind);

/**
 * Whether a file is what it claims: a content type or extension naming an image, audio, video or PDF must
 * be backed by bytes of that kind (audio and video share containers: mp4, webm, ogg). A file that claims
 * none of these is an ordinary document, typed by its bytes alone.
 */
export const fileMatchesClaim = (
  detected: MediaType | undefined,
  contentType: string | undefined,
  name: string | undefined,
): boolean => {
  const claim = claimOf(contentType, name);
  if (!claim) return true;
  if (!detected) return false;
  const actual = kindOfDetected(detected);
  if (claim === 'audio' || claim === 'video') return actual === 'audio' || actual === 'video';
  return actual === claim;
};
