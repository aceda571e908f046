import { resolveEventSocket } from '../realtime/event-socket-routes.js';
import { unmarkedIdFields } from '../refs/refs.js';
import {
  ChatInput,
  ChatMessageInput,
  ChatTypingRequest,
  splitTicketMentions,
  type Chat,
} from './chats.js';

const chat = (memberIds: number[]): Chat => ({
  id: 5,
  uuid: '00000000-0000-4000-8000-000000000005',
  title: 'Team',
  ownerId: memberIds[0]!,
  users: memberIds.map((userId) => ({
    chatId: 5,
    userId,
    unreads: 0,
    lastReadAt: null,
    user: { id: userId, name: `U${userId}` },
  })),
  lastMessage: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const event = (subject: string, data: unknown) => ({
  id: 'e',
  subject: `evt.3.identity.${subject}`,
  companyId: 3,
  occurredAt: '2026-01-01T00:00:00.000Z',
  data,
});

describe('chat inputs', () => {
  it('takes member ids or { id, name } objects and refuses a chat without title or users', () => {
    expect(ChatInput.parse({ title: ' A ', users: [{ id: 2, name: 'B' }, '3'] })).toEqual({
      title: 'A',
      users: [2, 3],
    });
    const refused = ChatInput.safeParse({ title: ' ', users: [] });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      'Title required',
      'At least one user',
    ]);
    expect(ChatMessageInput.safeParse({ message: '  \n' }).success).toBe(false);
    expect(unmarkedIdFields(ChatInput)).toEqual([]);
    expect(unmarkedIdFields(ChatTypingRequest)).toEqual([]);
  });
});

describe('chat socket routes', () => {
  it('reach the members user rooms only, never the company room', () => {
    const sent = resolveEventSocket(
      event('chat-message.created', { chat: chat([1, 2]), newMessage: { id: 9 } }),
    );
    expect(sent).toMatchObject({
      event: 'company-3-chat',
      rooms: ['c:3:user:1', 'c:3:user:2'],
      payload: { action: 'new-message' },
    });
    const updated = resolveEventSocket(
      event('chat.updated', { record: chat([1]), removedUserIds: [4] }),
    );
    expect(updated?.rooms).toEqual(['c:3:user:1', 'c:3:user:4']);
    const typing = resolveEventSocket(
      event('chat.typing', { chatId: 5, user: { id: 2, name: 'U2' }, memberIds: [1, 2] }),
    );
    expect(typing).toMatchObject({ rooms: ['c:3:user:1'], payload: { action: 'typing' } });
  });
});

describe('splitTicketMentions', () => {
  it('finds #<ticket id> mentions, not anchors inside words or double hashes', () => {
    expect(splitTicketMentions('see #12, and ##3 or a#4 #x')).toEqual([
      { text: 'see ' },
      { ticketId: 12, text: '#12' },
      { text: ', and ##3 or a#4 #x' },
    ]);
    expect(splitTicketMentions('#7')).toEqual([{ ticketId: 7, text: '#7' }]);
    expect(splitTicketMentions('plain')).toEqual([{ text: 'plain' }]);
  });
});
