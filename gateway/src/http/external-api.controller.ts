import {
  Body,
  Catch,
  Controller,
  HttpCode,
  Inject,
  Injectable,
  PayloadTooLargeException,
  Post,
  Req,
  UploadedFiles,
  UseFilters,
  UseGuards,
  UseInterceptors,
  type ArgumentsHost,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
} from '@nestjs/common';
import { FencedCompanies } from '../auth/fenced-companies.js';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiRoutes,
  errorBody,
  ExternalMaxMedias,
  ExternalSendInput,
  Subjects,
  type ConnectionByTokenReply,
  type ExternalSendReply,
  type ExternalSendRequest,
  type RequestContext,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import type { ObjectStorage } from '@sb/storage';
import { bearerToken } from '../auth/access-token.service.js';
import { Public } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { isCompanyExpired } from '../auth/request-context.js';
import type { GatewayEnv } from '../gateway.config.js';
import { GATEWAY_ENV, GATEWAY_LOGGER } from '../gateway.tokens.js';
import {
  MaxMessageUploadBytes,
  removeMessageMedia,
  storeMessageMedia,
  type UploadedMedia,
} from '../media/message-media.js';
import { MEDIA_STORAGE } from '../media/media.tokens.js';
import { FixedWindowRateLimiter } from '../middleware/rate-limiter.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/** The multipart file fields accepted: `medias`, and `medias[]` as some HTTP clients name arrays. */
const MediaFields = new Set(['medias', 'medias[]']);

/** What the token guard learnt: the connection the token names and the company's own call context. */
type ExternalApiCaller = { connection: ConnectionByTokenReply; ctx: RequestContext };
type ExternalApiRequest = GatewayRequest & { externalApi?: ExternalApiCaller };

/** The channel sends of this call: files beyond the largest channel limit stop at multer. */
@Catch(PayloadTooLargeException)
export class ExternalUploadTooLargeFilter implements ExceptionFilter {
  catch(_err: PayloadTooLargeException, host: ArgumentsHost): void {
    const mb = Math.floor(MaxMessageUploadBytes / (1024 * 1024));
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(413)
      .json(errorBody('ERR_PAYLOAD_TOO_LARGE', { message: `Files may have at most ${mb} MB.` }));
  }
}

/**
 * Authenticates `POST /api/messages/send` by its bearer connection token (the route is @Public for the
 * JWT guard), before any file is read: 429 ERR_TOO_MANY_REQUESTS for an IP that failed too many times
 * in the window (EXTERNAL_API_TOKEN_FAILURES per EXTERNAL_API_TOKEN_WINDOW_MS, so tokens cannot be
 * guessed), 401 ERR_INVALID_API_TOKEN for a missing or unknown token, 403 ERR_COMPANY_INACTIVE and 402
 * ERR_SUBSCRIPTION_EXPIRED for a company switched off or past its due date (as its users' sessions are),
 * 403 ERR_PLAN_FEATURE_DISABLED when the company's plan lacks useExternalApi (BEHAVIOUR.md §9 ⚠:
 * checked here), 400 ERR_WAPP_NOT_INITIALIZED when the connection is not CONNECTED.
 */
@Injectable()
export class ExternalApiTokenGuard implements CanActivate {
  /** Failed token attempts per client IP; each gateway instance counts on its own, as for /auth. */
  private readonly failures: FixedWindowRateLimiter;

  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
    @Inject(FencedCompanies) private readonly fenced: FencedCompanies,
  ) {
    this.failures = new FixedWindowRateLimiter({
      limit: env.EXTERNAL_API_TOKEN_FAILURES,
      windowMs: env.EXTERNAL_API_TOKEN_WINDOW_MS,
    });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<ExternalApiRequest>();
    const client = req.sb.clientIp;
    const standing = this.failures.peek(client);
    if (!standing.allowed) {
      const seconds = Math.max(1, Math.ceil((standing.resetAt - Date.now()) / 1000));
      http.getResponse<Response>().setHeader('Retry-After', String(seconds));
      throw new AppError('ERR_TOO_MANY_REQUESTS');
    }
    const token = bearerToken(req.headers.authorization);
    const connection = await this.connectionOf(req, token).catch((err: unknown) => {
      if ((err as { code?: string } | null)?.code === 'ERR_INVALID_API_TOKEN') {
        this.failures.hit(client);
      }
      throw err;
    });
    // a fenced company's integrations wait like its users (503 with Retry-After)
    this.fenced.assertOpen({ companyId: connection.companyId, super: false });
    const ctx: RequestContext = {
      requestId: req.sb.requestId,
      companyId: connection.companyId,
      userId: 0,
      profile: 'admin',
      super: false,
      lang: req.sb.ctx.lang,
      clientIp: req.sb.clientIp,
    };
    const plan = await this.services.request(Subjects.identity.planLimits, ctx, {
      companyId: connection.companyId,
    });
    if (!plan.status) throw new AppError('ERR_COMPANY_INACTIVE');
    if (isCompanyExpired(connection.companyId, plan.dueDate)) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', { details: { dueDate: plan.dueDate } });
    }
    if (!plan.flags.useExternalApi) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
    if (connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    req.externalApi = { connection, ctx };
    return true;
  }

  private async connectionOf(
    req: ExternalApiRequest,
    token: string | undefined,
  ): Promise<ConnectionByTokenReply> {
    if (!token) throw new AppError('ERR_INVALID_API_TOKEN');
    return this.services.ask(req, Subjects.connectors.connectionByToken, { token });
  }
}

/**
 * The external messages API (spec 3 §2.18, §7; BEHAVIOUR.md §9): a text and/or files to a phone number
 * through the connection whose token is the bearer. The tickets service upserts the contact, finds or
 * creates the ticket, sends, closes when asked and counts the call for the day.
 */
@ApiTags('external-api')
@ApiBearerAuth()
@Controller()
export class ExternalApiController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  @Post(ApiRoutes.externalApi.send)
  @Public()
  @HttpCode(200)
  @UseGuards(ExternalApiTokenGuard)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ schema: openApiSchema(ExternalSendInput) })
  @ApiOperation({
    summary:
      'Sends a text and/or files (multipart `medias`) to a number; bearer = a connection token',
  })
  @UseFilters(ExternalUploadTooLargeFilter)
  @UseInterceptors(
    AnyFilesInterceptor({
      limits: { fileSize: MaxMessageUploadBytes, files: ExternalMaxMedias },
    }),
  )
  async send(
    @Req() req: ExternalApiRequest,
    @Body() body: unknown,
    @UploadedFiles() uploaded: (UploadedMedia & { fieldname: string })[] | undefined,
  ): Promise<ExternalSendReply> {
    const caller = req.externalApi;
    if (!caller) throw new AppError('ERR_INVALID_API_TOKEN');
    const files = uploaded ?? [];
    const unexpected = files.find((file) => !MediaFields.has(file.fieldname));
    if (unexpected) {
      throw new AppError('ERR_VALIDATION', {
        fields: { [unexpected.fieldname]: ['Files go in the medias field'] },
      });
    }
    const input = parseInput(ExternalSendInput, body ?? {});
    if (files.length === 0 && !input.body.trim()) {
      throw new AppError('ERR_VALIDATION', { fields: { body: ['Required'] } });
    }
    const { connection, ctx } = caller;
    const medias = files.length
      ? await storeMessageMedia(this.storage, this.logger, ctx.companyId, connection.channel, files)
      : undefined;
    const data: ExternalSendRequest = {
      ...input,
      connectionId: connection.connectionId,
      channel: connection.channel,
      ...(medias ? { medias } : {}),
    };
    try {
      return await this.services.request(Subjects.tickets.externalSend, ctx, data);
    } catch (err) {
      // refused (invalid number, unknown user or queue): the files must not stay behind
      await removeMessageMedia(this.storage, this.logger, medias);
      throw err;
    }
  }
}
