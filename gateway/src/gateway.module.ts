import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ParsedRefsInterceptor } from './refs/parsed-refs.interceptor.js';
import { AccessGuard } from './auth/access.guard.js';
import { AccessTokenService } from './auth/access-token.service.js';
import { AuthGuard } from './auth/auth.guard.js';
import { RevokedSessions } from './auth/revoked-sessions.service.js';
import { FencedCompanies } from './auth/fenced-companies.js';
import type { BotVerifier } from './bot-check/bot-verifier.js';
import {
  BOT_VERIFIER,
  GATEWAY_BUS,
  GATEWAY_ENV,
  GATEWAY_LOGGER,
  type GatewayDeps,
} from './gateway.tokens.js';
import { AnnouncementsController } from './http/announcements.controller.js';
import { AuthController } from './http/auth.controller.js';
import { CompaniesController } from './http/companies.controller.js';
import { TenantOperationsController } from './http/tenant-operations.controller.js';
import { InvoicesController } from './http/invoices.controller.js';
import { FamilyBillingController } from './http/family/family-billing.controller.js';
import { FamilyDashboardController } from './http/family/family-dashboard.controller.js';
import { FamilyMessagesController } from './http/family/family-messages.controller.js';
import { QueueOptionsController } from './http/family/queue-options.controller.js';
import { PlansController } from './http/plans.controller.js';
import { PasswordResetController } from './http/password-reset.controller.js';
import { SignupController } from './http/signup.controller.js';
import { HelpsController } from './http/helps.controller.js';
import { ServiceClient } from './http/service-client.js';
import { SystemController } from './http/system.controller.js';
import { UsersController } from './http/users.controller.js';
import { SettingsController } from './http/settings.controller.js';
import { AuditLogController } from './http/audit-log.controller.js';
import { MediaUploads } from './media/media-upload.js';
import { MediaController } from './media/media.controller.js';
import { QueuesController } from './http/queues.controller.js';
import { ChatbotsController } from './http/chatbots.controller.js';
import { QuickMessagesController } from './http/quick-messages.controller.js';
import { PromptsController } from './http/prompts.controller.js';
import { FileListsController } from './http/file-lists.controller.js';
import { ContactsController } from './http/contacts.controller.js';
import { MessagesController } from './http/messages.controller.js';
import { TicketsController } from './http/tickets.controller.js';
import { TicketNotesController } from './http/ticket-notes.controller.js';
import { KanbanController } from './http/kanban.controller.js';
import { TagsController } from './http/tags.controller.js';
import { ConnectionsController } from './http/connections.controller.js';
import { MetaWebhooksController } from './http/meta-webhooks.controller.js';
import { FacebookController } from './http/facebook.controller.js';
import { ExternalApiController } from './http/external-api.controller.js';
import { SchedulesController } from './http/schedules.controller.js';
import { QueueIntegrationsController } from './http/queue-integrations.controller.js';
import { OnDutyController } from './http/on-duty.controller.js';
import { ChatsController } from './http/chats.controller.js';
import { DashboardController } from './http/dashboard.controller.js';
import { ReportsController } from './http/reports.controller.js';
import { ContactListsController } from './http/contact-lists.controller.js';
import { CampaignsController } from './http/campaigns.controller.js';
import { CampaignOptOutsController } from './http/campaign-opt-outs.controller.js';
import { MEDIA_SIGNER, MEDIA_STORAGE, type MediaDeps } from './media/media.tokens.js';

export type GatewayModuleDeps = GatewayDeps & {
  tokens: AccessTokenService;
  revoked: RevokedSessions;
  fenced: FencedCompanies;
  bot: BotVerifier;
  media: MediaDeps;
};

/** The HTTP side: controllers forward to services; the two global guards protect every route. */
@Module({})
export class GatewayModule {
  static forRoot(deps: GatewayModuleDeps): DynamicModule {
    const providers: Provider[] = [
      { provide: GATEWAY_BUS, useValue: deps.bus },
      { provide: GATEWAY_LOGGER, useValue: deps.logger },
      { provide: GATEWAY_ENV, useValue: deps.env },
      { provide: BOT_VERIFIER, useValue: deps.bot },
      { provide: AccessTokenService, useValue: deps.tokens },
      { provide: RevokedSessions, useValue: deps.revoked },
      { provide: FencedCompanies, useValue: deps.fenced },
      { provide: MEDIA_STORAGE, useValue: deps.media.storage },
      { provide: MEDIA_SIGNER, useValue: deps.media.signer },
      ServiceClient,
      MediaUploads,
      // order matters: authenticate first, then check profiles, permissions and plan flags
      { provide: APP_GUARD, useClass: AuthGuard },
      { provide: APP_GUARD, useClass: AccessGuard },
      // every handler's parsed ids are checked against the caller's company (refs/)
      { provide: APP_INTERCEPTOR, useClass: ParsedRefsInterceptor },
    ];
    return {
      module: GatewayModule,
      controllers: [
        // the family front ends' paths first: their static segments (messages/getmedia) win over
        // our parameter routes (messages/:ticketId)
        FamilyMessagesController,
        FamilyDashboardController,
        FamilyBillingController,
        QueueOptionsController,
        AuthController,
        UsersController,
        SystemController,
        HelpsController,
        AnnouncementsController,
        CompaniesController,
        TenantOperationsController,
        PlansController,
        InvoicesController,
        SettingsController,
        AuditLogController,
        MediaController,
        QueuesController,
        ChatbotsController,
        QuickMessagesController,
        PromptsController,
        FileListsController,
        ContactsController,
        TagsController,
        SignupController,
        PasswordResetController,
        ConnectionsController,
        MetaWebhooksController,
        FacebookController,
        MessagesController,
        TicketsController,
        TicketNotesController,
        KanbanController,
        ExternalApiController,
        SchedulesController,
        QueueIntegrationsController,
        OnDutyController,
        ChatsController,
        DashboardController,
        ReportsController,
        ContactListsController,
        CampaignsController,
        CampaignOptOutsController,
      ],
      providers,
    };
  }
}
