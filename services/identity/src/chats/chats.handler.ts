import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type Chat,
  type ChatIdRequest,
  type ChatMessage,
  type ChatMessagePage,
  type ChatMessagesRequest,
  type ChatPage,
  type ChatSendRequest,
  type ChatTypingRequest,
  type ChatUpdateRequest,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { ChatsService } from './chats.service.js';

@Injectable()
export class ChatsHandler {
  constructor(private readonly chats: ChatsService) {}

  @BusHandler(Subjects.identity.chatList)
  page(data: unknown, ctx: CallContext): Promise<ChatPage> {
    return this.chats.page(ctx, data);
  }

  @BusHandler(Subjects.identity.chatGet)
  get(data: ChatIdRequest, ctx: CallContext): Promise<Chat> {
    return this.chats.get(ctx, data);
  }

  @BusHandler(Subjects.identity.chatCreate)
  create(data: unknown, ctx: CallContext): Promise<Chat> {
    return this.chats.create(ctx, data);
  }

  @BusHandler(Subjects.identity.chatUpdate)
  update(data: ChatUpdateRequest, ctx: CallContext): Promise<Chat> {
    return this.chats.update(ctx, data);
  }

  @BusHandler(Subjects.identity.chatDelete)
  remove(data: ChatIdRequest, ctx: CallContext): Promise<{ id: number }> {
    return this.chats.remove(ctx, data);
  }

  @BusHandler(Subjects.identity.chatMessages)
  messages(data: ChatMessagesRequest, ctx: CallContext): Promise<ChatMessagePage> {
    return this.chats.messages(ctx, data);
  }

  @BusHandler(Subjects.identity.chatSend)
  send(data: ChatSendRequest, ctx: CallContext): Promise<ChatMessage> {
    return this.chats.send(ctx, data);
  }

  @BusHandler(Subjects.identity.chatRead)
  read(data: ChatIdRequest, ctx: CallContext): Promise<Chat> {
    return this.chats.read(ctx, data);
  }

  @BusHandler(Subjects.identity.chatTyping)
  typing(data: ChatTypingRequest, ctx: CallContext): Promise<{ ok: true }> {
    return this.chats.typing(ctx, data);
  }
}
