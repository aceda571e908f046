import { Inject, Injectable } from '@nestjs/common';
import {
  ChatInput,
  ChatListQuery,
  ChatMessageInput,
  ChatMessagePageSize,
  ChatMessagesQuery,
  ChatPageSize,
  ChatTypingRequest,
  DomainEventTypes,
  eventSubject,
  type Chat,
  type ChatIdRequest,
  type ChatMessage,
  type ChatMessagePage,
  type ChatPage,
  type ChatTypingEventData,
  recordId,
  Subjects,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { CallContext } from '@sb/platform/context';
import { Transactions } from '@sb/platform/db';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import { BUS, BusHandler } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { requireSignedIn } from '../announcements/platform-access.js';
import { ChatsRepository } from './chats.repository.js';

const ChatRef = z.object({
  id: z.union([recordId, z.string().uuid()]),
});

const isMember = (chat: Chat, userId: number) => chat.users.some((m) => m.userId === userId);

/**
 * Internal chats (spec 3 §2.13, §6): a user sees and writes the chats they belong to; only the owner
 * changes or deletes one. Every change and its event commit together (outbox); the typing signal is
 * live only and published as is.
 */
@Injectable()
export class ChatsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly chats: ChatsRepository,
    @Inject(BUS) private readonly bus: Bus,
  ) {}

  @BusHandler(Subjects.identity.chatList)
  async page(ctx: CallContext, query: unknown): Promise<ChatPage> {
    requireSignedIn(ctx);
    const { searchParam, pageNumber } = parseInput(ChatListQuery, query ?? {});
    const { chats, hasMore } = await this.chats.page(
      ctx.companyId,
      ctx.userId,
      searchParam,
      (pageNumber - 1) * ChatPageSize,
      ChatPageSize,
    );
    return { records: chats, hasMore };
  }

  @BusHandler(Subjects.identity.chatGet)
  async get(ctx: CallContext, request: ChatIdRequest): Promise<Chat> {
    const { id } = parseInput(ChatRef, request ?? {});
    return this.memberChat(ctx, id);
  }

  @BusHandler(Subjects.identity.chatCreate)
  async create(ctx: CallContext, data: unknown): Promise<Chat> {
    requireSignedIn(ctx);
    const input = parseInput(ChatInput, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const members = await this.members(manager, ctx, input.users);
      const id = await this.chats.create(manager, ctx.companyId, ctx.userId, input.title, members);
      const record = (await this.chats.find(ctx.companyId, id, manager))!;
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.identity.chatCreated,
        data: { record, removedUserIds: [] },
      });
      return record;
    });
  }

  @BusHandler(Subjects.identity.chatUpdate)
  async update(ctx: CallContext, request: unknown): Promise<Chat> {
    const id = requestedId(request);
    const input = parseInput(ChatInput, request ?? {});
    await this.ownedChat(ctx, id);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const members = await this.members(manager, ctx, input.users);
      const removedUserIds = await this.chats.update(
        manager,
        ctx.companyId,
        id,
        input.title,
        members,
      );
      const record = (await this.chats.find(ctx.companyId, id, manager))!;
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.identity.chatUpdated,
        data: { record, removedUserIds },
      });
      return record;
    });
  }

  @BusHandler(Subjects.identity.chatDelete)
  async remove(ctx: CallContext, request: ChatIdRequest): Promise<{ id: number }> {
    const id = requestedId(request);
    const chat = await this.ownedChat(ctx, id);
    await this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.chats.delete(manager, ctx.companyId, id);
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.identity.chatDeleted,
        data: { id, memberIds: chat.users.map((m) => m.userId) },
      });
    });
    return { id };
  }

  @BusHandler(Subjects.identity.chatMessages)
  async messages(ctx: CallContext, request: unknown): Promise<ChatMessagePage> {
    const id = requestedId(request);
    const { pageNumber } = parseInput(ChatMessagesQuery, request ?? {});
    await this.memberChat(ctx, id);
    const offset = (pageNumber - 1) * ChatMessagePageSize;
    const { messages, count } = await this.chats.messages(
      ctx.companyId,
      id,
      offset,
      ChatMessagePageSize,
    );
    return { records: messages, count, hasMore: offset + messages.length < count };
  }

  @BusHandler(Subjects.identity.chatSend)
  async send(ctx: CallContext, request: unknown): Promise<ChatMessage> {
    const id = requestedId(request);
    const { message } = parseInput(ChatMessageInput, request ?? {});
    await this.memberChat(ctx, id);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const newMessage = await this.chats.addMessage(
        manager,
        ctx.companyId,
        id,
        ctx.userId,
        message,
      );
      const chat = (await this.chats.find(ctx.companyId, id, manager))!;
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.identity.chatMessageCreated,
        data: { chat, newMessage },
      });
      return newMessage;
    });
  }

  /** The caller has read the chat (the body's userId is never trusted: it is always the caller). */
  @BusHandler(Subjects.identity.chatRead)
  async read(ctx: CallContext, request: ChatIdRequest): Promise<Chat> {
    const id = requestedId(request);
    await this.memberChat(ctx, id);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.chats.markRead(manager, ctx.companyId, id, ctx.userId);
      const record = (await this.chats.find(ctx.companyId, id, manager))!;
      // the other members' read receipts and the caller's other tabs follow
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.identity.chatUpdated,
        data: { record, removedUserIds: [] },
      });
      return record;
    });
  }

  /** A member is typing: the other members hear it (nothing is stored). */
  @BusHandler(Subjects.identity.chatTyping)
  async typing(ctx: CallContext, request: unknown): Promise<{ ok: true }> {
    const { chatId } = parseInput(ChatTypingRequest, request ?? {});
    const chat = await this.memberChat(ctx, chatId);
    const me = chat.users.find((m) => m.userId === ctx.userId)!;
    const data: ChatTypingEventData = {
      chatId,
      user: me.user,
      memberIds: chat.users.map((m) => m.userId),
    };
    const { service, entity, action } = DomainEventTypes.identity.chatTyping;
    await this.bus.publish({
      id: randomUUID(),
      subject: eventSubject(ctx.companyId, service, entity, action),
      companyId: ctx.companyId,
      occurredAt: new Date().toISOString(),
      data,
    });
    return { ok: true };
  }

  /** The chat, when the caller belongs to it: another company's is not found, a foreign one refused. */
  private async memberChat(ctx: CallContext, id: number | string): Promise<Chat> {
    requireSignedIn(ctx);
    const chat = await this.chats.find(ctx.companyId, id);
    if (!chat) throw new AppError('ERR_NO_CHAT_FOUND');
    if (!isMember(chat, ctx.userId)) throw new AppError('ERR_NO_PERMISSION');
    return chat;
  }

  /** spec 3 §6: only the owner edits or deletes a chat. */
  private async ownedChat(ctx: CallContext, id: number): Promise<Chat> {
    const chat = await this.memberChat(ctx, id);
    if (chat.ownerId !== ctx.userId) throw new AppError('ERR_CHAT_OWNER_ONLY');
    return chat;
  }

  /** The members to store: the named users of the company, and always the caller (the owner). */
  private async members(
    manager: Parameters<ChatsRepository['companyUserIds']>[0],
    ctx: CallContext,
    userIds: number[],
  ): Promise<number[]> {
    const wanted = [...new Set([...userIds, ctx.userId])];
    const found = await this.chats.companyUserIds(manager, ctx.companyId, wanted);
    if (found.length !== wanted.length) throw new AppError('ERR_NO_USER_FOUND');
    return wanted;
  }
}
