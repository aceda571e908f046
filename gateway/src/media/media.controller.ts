import {
  Body,
  Controller,
  Get,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import {
  ref,
  Subjects,
  type RequestContext,
  type UserMediaUploadResult,
  type UserSetImageRequest,
  IdParam,
  recordId,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { ObjectNotFoundError, mediaKey, type ObjectStorage, type UrlSigner } from '@sb/storage';
import { AllowExpiredCompany, Public } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { GATEWAY_LOGGER } from '../gateway.tokens.js';
import { ServiceClient } from '../http/service-client.js';
import { MaxProfileImageBytes, MEDIA_SIGNER, MEDIA_STORAGE } from './media.tokens.js';
import { MediaUpload, MediaUploads, type MediaRule, type UploadedMedia } from './media-upload.js';

const uploadFields = z.object({
  userId: ref('user', recordId).optional(),
  typeArch: z.literal('user').optional(),
});
const signatureQuery = z.object({ exp: z.string().optional(), sig: z.string().optional() });

/** Any picture type, told by the file's first bytes. */
const ProfileImage: MediaRule = {
  kind: 'image',
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  refusal: 'Only png, jpeg, webp or gif images are accepted.',
};

/** Profile pictures in, signed media out: the files never pass through a service. */
@ApiTags('media')
@Controller()
export class MediaController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(MEDIA_SIGNER) private readonly signer: UrlSigner,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
    @Inject(MediaUploads) private readonly uploads: MediaUploads,
  ) {}

  @Post('users/:id/media-upload')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Profile picture (png, jpeg, webp or gif, at most 5 MB)' })
  @MediaUpload('profileImage', { maxBytes: MaxProfileImageBytes })
  async upload(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<UserMediaUploadResult> {
    const params = parseInput(IdParam, { id });
    const fields = parseInput(uploadFields, body ?? {});
    if (fields.userId !== undefined && fields.userId !== params.id) {
      throw new AppError('ERR_VALIDATION', { fields: { userId: ['does not match the path'] } });
    }
    const ctx = req.sb.ctx as RequestContext;
    const user = await this.uploads.store(
      file,
      {
        field: 'profileImage',
        rule: ProfileImage,
        keyOf: ({ name }) => mediaKey({ companyId: ctx.companyId, area: 'users', fileName: name }),
      },
      ([media]) => {
        const data: UserSetImageRequest = { id: params.id, key: media!.key };
        return this.services.request(Subjects.identity.userSetImage, ctx, data);
      },
    );
    return { user };
  }

  /** `<img>` tags cannot send a bearer token: the URL's own signature (key + expiry) is the permission. */
  @Public()
  @AllowExpiredCompany()
  @Get('media/*key')
  @ApiOperation({ summary: 'A stored file, by a signed URL' })
  async serve(
    @Param('key') rawKey: string | string[],
    @Query() query: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const key = Array.isArray(rawKey) ? rawKey.join('/') : rawKey;
    const { exp, sig } = parseInput(signatureQuery, query ?? {});
    if (!this.signer.verify(key, exp, sig)) {
      throw new AppError('ERR_NO_PERMISSION', { message: 'Invalid or expired media link.' });
    }
    let object;
    try {
      object = await this.storage.get(key);
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw new AppError('ERR_NOT_FOUND');
      throw err;
    }
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.size));
    // the link itself expires; the browser may keep the bytes until then
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    // an export's bundle (GET /tenant-operations/:id/bundle) is a file to keep, not to show
    const bundle = /^tenant-operations\/[^/]+\/company\.swb$/.test(key);
    res.setHeader(
      'Content-Disposition',
      bundle ? `attachment; filename="company-${key.split('/')[1]}.swb"` : 'inline',
    );
    object.stream.on('error', (err) => {
      this.logger.warn({ err, key }, 'media stream failed');
      res.destroy(err);
    });
    object.stream.pipe(res);
  }
}
