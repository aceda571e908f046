import {
  applyDecorators,
  Catch,
  Inject,
  Injectable,
  PayloadTooLargeException,
  UseFilters,
  UseInterceptors,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { FileInterceptor, FilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes } from '@nestjs/swagger';
import type { Response } from 'express';
import { errorBody } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { mediaKey, type ObjectStorage } from '@sb/storage';
import { GATEWAY_LOGGER } from '../gateway.tokens.js';
import { detectImageType, imageFileName, type ImageType } from './image-type.js';
import { detectMediaType, mediaFileName, type MediaType } from './media-type.js';
import { MEDIA_STORAGE } from './media.tokens.js';

/** A file as multer hands it over (kept in memory until it is stored). */
export type UploadedMedia = { buffer: Buffer; originalname?: string; size: number };

/** What a route accepts, told by the file's first bytes: some images, or any attachment type. */
export type MediaRule =
  { kind: 'image'; types: readonly ImageType[]; refusal: string } | { kind: 'attachment' };

/** A file that passed the rule: its detected type and the name it is stored under. */
export type CheckedMedia = { file: UploadedMedia; type: MediaType; name: string };
/** A checked file once in the media storage. */
export type StoredMedia = CheckedMedia & { key: string };

/** One route's upload: its multipart field, what it accepts, and where each file is stored. */
export type UploadSpec = { field: string; rule: MediaRule; keyOf: (media: CheckedMedia) => string };

/** An attachment (any media type) stored in an area of the company's media. */
export const companyAttachment = (field: string, companyId: number, area: string): UploadSpec => ({
  field,
  rule: { kind: 'attachment' },
  keyOf: ({ name }) => mediaKey({ companyId, area, fileName: name }),
});

/** The 413 answer to a file over `maxBytes`, naming the limit. */
export const tooLargeAnswer = (maxBytes: number) => ({
  status: 413,
  body: errorBody('ERR_PAYLOAD_TOO_LARGE', {
    message: `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  }),
});

/** Multer's size limit in the catalogue's terms: 413 ERR_PAYLOAD_TOO_LARGE naming the route's limit. */
@Catch(PayloadTooLargeException)
export class UploadLimitFilter implements ExceptionFilter {
  constructor(private readonly maxBytes: number) {}

  catch(_err: PayloadTooLargeException, host: ArgumentsHost): void {
    const { status, body } = tooLargeAnswer(this.maxBytes);
    host.switchToHttp().getResponse<Response>().status(status).json(body);
  }
}

/**
 * A multipart upload route: the file field (`maxFiles` > 1: that many under one field name), each
 * file at most `maxBytes`, a larger one answered 413.
 */
export const MediaUpload = (field: string, limits: { maxBytes: number; maxFiles?: number }) => {
  const files = limits.maxFiles ?? 1;
  const multer = { limits: { fileSize: limits.maxBytes, files } };
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    UseFilters(new UploadLimitFilter(limits.maxBytes)),
    UseInterceptors(
      files > 1 ? FilesInterceptor(field, files, multer) : FileInterceptor(field, multer),
    ),
  );
};

/** The uploaded file(s) of `field`, as a list: ERR_VALIDATION `Required` on that field when none came. */
export const requireFiles = (
  files: UploadedMedia | UploadedMedia[] | undefined,
  field: string,
): UploadedMedia[] => {
  const list = Array.isArray(files) ? files : files ? [files] : [];
  if (!list.length) throw new AppError('ERR_VALIDATION', { fields: { [field]: ['Required'] } });
  return list;
};

/** The file's type by its bytes and its stored name, or ERR_UNSUPPORTED_MEDIA_TYPE. */
export const checkMedia = (file: UploadedMedia, rule: MediaRule): CheckedMedia => {
  if (rule.kind === 'image') {
    const type = detectImageType(file.buffer);
    if (!type || !rule.types.includes(type))
      throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', { message: rule.refusal });
    return { file, type, name: imageFileName(file.originalname, type) };
  }
  const type = detectMediaType(file.buffer);
  if (!type) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
  return { file, type, name: mediaFileName(file.originalname, type) };
};

/**
 * The one way the gateway takes media uploads into the media storage: files are checked first (all
 * of them, before any is stored), stored under the keys the route names, and handed to `save` (the
 * owning service records the keys). Whatever fails after the first file is stored removes the new
 * files again, so a refused upload leaves nothing behind.
 */
@Injectable()
export class MediaUploads {
  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  async store<T>(
    files: UploadedMedia | UploadedMedia[] | undefined,
    spec: UploadSpec,
    save: (stored: StoredMedia[]) => Promise<T>,
  ): Promise<T> {
    const checked = requireFiles(files, spec.field).map((file) => checkMedia(file, spec.rule));
    const stored: StoredMedia[] = [];
    try {
      for (const media of checked) {
        const key = spec.keyOf(media);
        await this.storage.put(key, media.file.buffer, {
          contentType: media.type,
          size: media.file.size,
        });
        stored.push({ ...media, key });
      }
      return await save(stored);
    } catch (err) {
      await this.removeQuietly(
        stored.map((media) => media.key),
        'a refused upload',
      );
      throw err;
    }
  }

  /**
   * The record a media change answered, once the file it replaced is removed (`previousMediaPath`,
   * unless the record still names the same key).
   */
  async withoutPrevious<R extends { mediaPath: string | null; previousMediaPath: string | null }>(
    reply: R,
    what: string,
  ): Promise<Omit<R, 'previousMediaPath'>> {
    const { previousMediaPath, ...record } = reply;
    if (previousMediaPath && previousMediaPath !== record.mediaPath) {
      await this.removeQuietly([previousMediaPath], what);
    }
    return record;
  }

  /** The answer to a deleted record, `{ id }`, once the files it held are removed. */
  async deleted(
    removed: { id: number },
    keys: readonly (string | null)[],
    what: string,
  ): Promise<{ id: number }> {
    await this.removeQuietly(keys, what);
    return { id: removed.id };
  }

  /** Removes files no record points to any more; a leftover costs storage, never correctness. */
  async removeQuietly(keys: readonly (string | null | undefined)[], what: string): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      await this.storage.remove(key).catch((err: unknown) => {
        this.logger.warn({ err, key }, `could not remove ${what}`);
      });
    }
  }
}
