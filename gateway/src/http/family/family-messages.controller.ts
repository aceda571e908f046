import { Body, Controller, Get, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { openApiSchema } from '../../openapi/zod-schema.js';
import { z } from 'zod';
import {
  ApiRoutes,
  FamilyForwardInput,
  FamilyReactionInput,
  Subjects,
  TicketMediaMaxMessages,
  type MessageRecord,
  type TicketMediaReply,
  recordId,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import type { GatewayRequest } from '../../auth/gateway-request.js';
import { ServiceClient } from '../service-client.js';

const S = Subjects.tickets;
const ticketIdParam = z.object({ ticketId: recordId });
const link = /https?:\/\/\S+/i;

/** Sorts a conversation's messages into what the family's contact-media panel shows. */
export const sortTicketMedia = (messages: MessageRecord[]): TicketMediaReply => {
  const reply: TicketMediaReply = { media: [], documents: [], links: [], calls: [] };
  for (const message of messages) {
    if (message.isDeleted) continue;
    if (message.mediaType === 'image' || message.mediaType === 'video') reply.media.push(message);
    else if (message.mediaType === 'application') reply.documents.push(message);
    else if (message.mediaType === 'call_log') reply.calls.push(message);
    else if (message.mediaType === 'chat' && link.test(message.body)) reply.links.push(message);
  }
  return reply;
};

/**
 * Message calls of the family's front ends that our web app makes under other paths: reactions and
 * forwards (the same services and checks as /messages/:id/reactions and /message/forward), and the
 * contact panel's media lists, read from the conversation as GET /messages/:ticketId reads it.
 */
@ApiTags('messages')
@ApiBearerAuth()
@Controller()
export class FamilyMessagesController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Post(ApiRoutes.family.react)
  @ApiOperation({ summary: 'Reacts to a message (id) with an emoji (text)' })
  @ApiBody({ schema: openApiSchema(FamilyReactionInput) })
  react(@Req() req: GatewayRequest, @Body() body: unknown): Promise<MessageRecord> {
    const input = parseInput(FamilyReactionInput, body ?? {});
    return this.services.ask(req, S.messageReact, { id: input.id, type: input.text });
  }

  @Post(ApiRoutes.family.forward)
  @ApiOperation({ summary: 'Forwards one message to each of the chosen contacts' })
  @ApiBody({ schema: openApiSchema(FamilyForwardInput) })
  async forward(@Req() req: GatewayRequest, @Body() body: unknown): Promise<MessageRecord[]> {
    const input = parseInput(FamilyForwardInput, body ?? {});
    const sent: MessageRecord[] = [];
    // one contact after the other: each forward is checked and sent as POST /message/forward does
    for (const contact of input.currentContacts) {
      const forwarded = await this.services.ask(req, S.messageForward, {
        messageId: input.message.id,
        contactId: contact.id,
        signMessage: input.signMessage,
      });
      sent.push(...(Array.isArray(forwarded) ? forwarded : [forwarded]));
    }
    return sent;
  }

  @Get(ApiRoutes.family.ticketMedia)
  @ApiOperation({
    summary: "A ticket's images and videos, documents, links and calls (its newest 1,000 messages)",
  })
  async media(
    @Req() req: GatewayRequest,
    @Param('ticketId') ticketId: string,
  ): Promise<TicketMediaReply> {
    const { ticketId: id } = parseInput(ticketIdParam, { ticketId });
    const messages: MessageRecord[] = [];
    for (let pageNumber = 1; messages.length < TicketMediaMaxMessages; pageNumber += 1) {
      const page = await this.services.ask(req, S.messageList, {
        ticketId: id,
        pageNumber,
        selectedQueues: [],
      });
      // pages come newest first, each oldest first: newest first overall
      messages.push(...[...page.messages].reverse());
      if (!page.hasMore || page.messages.length === 0) break;
    }
    return sortTicketMedia(messages);
  }

  /**
   * The family's closing dialog offers rating forms; ours has none: the connection's rating message
   * goes out on close when the company rates (spec 1 §5), so the dialog has nothing to offer.
   */
  @Get(ApiRoutes.family.ratings)
  @ApiOperation({ summary: 'Rating forms to pick on close: none (the connection rates)' })
  ratings(): never[] {
    return [];
  }
}
