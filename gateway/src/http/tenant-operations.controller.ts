import { Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Subjects,
  tenantBundleKey,
  TenantOperationIdParam,
  type TenantBundleLink,
  type TenantOperationView,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { ObjectStorage, UrlSigner } from '@sb/storage';
import { SuperOnly } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { MEDIA_SIGNER, MEDIA_STORAGE } from '../media/media.tokens.js';
import { ServiceClient } from './service-client.js';

/** How long a bundle's link serves it: long enough to start a download, short for a leaked link. */
export const BundleLinkSeconds = 3600;

/**
 * Tenant operations (erasing, exporting, importing a company: ARCHITECTURE.md §9) with their steps
 * and reports, and the bundle of a finished export: super only.
 */
@ApiTags('tenant-operations')
@ApiBearerAuth()
@Controller('tenant-operations')
export class TenantOperationsController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(MEDIA_SIGNER) private readonly signer: UrlSigner,
  ) {}

  @Get()
  @SuperOnly()
  @ApiOperation({ summary: 'The latest 100 tenant operations, newest first' })
  list(@Req() req: GatewayRequest): Promise<TenantOperationView[]> {
    return this.services.ask(req, Subjects.identity.tenantOperationList, {});
  }

  @Get(':id')
  @SuperOnly()
  @ApiOperation({ summary: "One tenant operation: each service's step, its report, how it ended" })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<TenantOperationView> {
    return this.services.forward(
      req,
      Subjects.identity.tenantOperationGet,
      TenantOperationIdParam,
      {
        id,
      },
    );
  }

  /**
   * Ends an export: a running one stops and its company works again at once (an ended one that a move
   * holds fenced is unfenced). Answers the operation as it is now.
   */
  @Post(':id/abort')
  @HttpCode(200)
  @SuperOnly()
  @ApiOperation({ summary: 'Abort an export: its company is unfenced; a running one fails' })
  abort(@Req() req: GatewayRequest, @Param('id') id: string): Promise<TenantOperationView> {
    return this.services.forward(
      req,
      Subjects.identity.tenantOperationAbort,
      TenantOperationIdParam,
      { id },
    );
  }

  /**
   * A signed `/media/…` link, as the services sign media: the bundle is served by the same route,
   * as a download, to whoever holds the link until it expires.
   */
  @Get(':id/bundle')
  @SuperOnly()
  @ApiOperation({
    summary: "A finished export's bundle: { url, expiresAt }, a link valid for an hour",
  })
  async bundle(@Req() req: GatewayRequest, @Param('id') id: string): Promise<TenantBundleLink> {
    const operation = await this.get(req, id);
    if (operation.kind !== 'export' || operation.status !== 'done') {
      throw new AppError('ERR_NOT_FOUND', {
        message: 'This operation has no bundle: it is not a finished export.',
      });
    }
    // an export's bundle is always at tenantBundleKey, whether or not the view names it
    const key = operation.bundleKey ?? tenantBundleKey(operation.id);
    if (!(await this.storage.stat(key))) {
      throw new AppError('ERR_NOT_FOUND', {
        message: "This export's bundle is no longer in storage.",
      });
    }
    const url = this.signer.signedPath(key, BundleLinkSeconds);
    const expiresAt = new Date(
      Number(new URL(url, 'http://link').searchParams.get('exp')) * 1000,
    ).toISOString();
    return { url, expiresAt };
  }
}
