import type { Chat, ChatPage } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { applyChat, hasUnreadChats, removeChat } from './chats.api.js';

const chat = (id: number, updatedAt: string, members: [number, number, string | null][]): Chat => ({
  id,
  uuid: `uuid-${id}`,
  title: `Chat ${id}`,
  ownerId: members[0]![0],
  users: members.map(([userId, unreads, lastReadAt]) => ({
    chatId: id,
    userId,
    unreads,
    lastReadAt,
    user: { id: userId, name: `U${userId}` },
  })),
  lastMessage: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt,
});
const page = (...records: Chat[]): ChatPage => ({ records, hasMore: false });

describe('the chat list cache', () => {
  it('keeps chats by last message and update time, and drops a chat the viewer left', () => {
    const list = page(chat(1, '2026-01-02', [[7, 0, null]]), chat(2, '2026-01-01', [[7, 0, null]]));
    applyChat(list, chat(2, '2026-01-03', [[7, 1, null]]), 7);
    expect(list.records.map((c) => c.id)).toEqual([2, 1]);
    applyChat(list, chat(1, '2026-01-04', [[8, 0, null]]), 7);
    expect(list.records.map((c) => c.id)).toEqual([2]);
    removeChat(list, 2);
    expect(list.records).toEqual([]);
  });

  it('ignores an older version and never takes a read back', () => {
    const list = page(
      chat(1, '2026-01-02', [
        [7, 0, '2026-01-02T10:00:00Z'],
        [8, 3, null],
      ]),
    );
    applyChat(
      list,
      chat(1, '2026-01-01', [
        [7, 5, null],
        [8, 0, null],
      ]),
      7,
    );
    expect(hasUnreadChats(list.records, 7)).toBe(false);
    // a snapshot taken before the viewer's read: their read stays, the other member's news is taken
    applyChat(
      list,
      chat(1, '2026-01-02', [
        [7, 1, '2026-01-02T09:00:00Z'],
        [8, 0, '2026-01-02T11:00:00Z'],
      ]),
      7,
    );
    expect(list.records[0]!.users.map((m) => [m.unreads, m.lastReadAt])).toEqual([
      [0, '2026-01-02T10:00:00Z'],
      [0, '2026-01-02T11:00:00Z'],
    ]);
    // a new message after the read counts
    applyChat(
      list,
      chat(1, '2026-01-03', [
        [7, 1, '2026-01-02T10:00:00Z'],
        [8, 0, '2026-01-02T11:00:00Z'],
      ]),
      7,
    );
    expect(hasUnreadChats(list.records, 7)).toBe(true);
  });
});
