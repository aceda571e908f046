import { Injectable } from '@nestjs/common';
import type { Chat, ChatMember, ChatMessage } from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';

type ChatRow = {
  id: number;
  uuid: string;
  title: string;
  owner_id: number | null;
  last_message: string;
  created_at: Date;
  updated_at: Date;
};
type MemberRow = {
  chat_id: number;
  user_id: number;
  unreads: number;
  last_read_at: Date | null;
  name: string;
};
type MessageRow = {
  id: number;
  chat_id: number;
  sender_id: number | null;
  name: string | null;
  message: string;
  created_at: Date;
};

const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const toMember = (row: MemberRow): ChatMember => ({
  chatId: row.chat_id,
  userId: row.user_id,
  unreads: row.unreads,
  lastReadAt: row.last_read_at ? row.last_read_at.toISOString() : null,
  user: { id: row.user_id, name: row.name },
});

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  chatId: row.chat_id,
  // a deleted sender's messages stay, from user 0 with no name
  senderId: row.sender_id ?? 0,
  sender: { id: row.sender_id ?? 0, name: row.name ?? '' },
  message: row.message,
  createdAt: row.created_at.toISOString(),
});

/** All SQL of internal chats; every method takes the company and filters by it. */
@Injectable()
export class ChatsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** One page of the user's chats, by last message and update time; one extra row tells about more. */
  page(
    companyId: number,
    userId: number,
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ chats: Chat[]; hasMore: boolean }> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: ChatRow[] = await manager.query(
        `SELECT c.* FROM chats c
         JOIN chat_users me ON me.chat_id = c.id AND me.user_id = $2
         WHERE c.company_id = $1 AND ($3 = '' OR c.title ILIKE '%' || $3 || '%')
         ORDER BY c.updated_at DESC, c.id DESC OFFSET $4 LIMIT $5`,
        [companyId, userId, escapeLike(search), offset, limit + 1],
      );
      const chats = await this.withMembers(manager, companyId, rows.slice(0, limit));
      return { chats, hasMore: rows.length > limit };
    });
  }

  /** A chat of the company by id or uuid, with its members. */
  find(companyId: number, idOrUuid: number | string, within?: EntityManager): Promise<Chat | null> {
    return this.transactions.read(
      companyId,
      async (manager) => {
        const byUuid = typeof idOrUuid === 'string' && UuidPattern.test(idOrUuid);
        const id = byUuid ? null : Number(idOrUuid);
        if (!byUuid && !Number.isSafeInteger(id)) return null;
        const rows: ChatRow[] = await manager.query(
          `SELECT * FROM chats WHERE company_id = $1 AND ${byUuid ? 'uuid = $2' : 'id = $2'}`,
          [companyId, byUuid ? idOrUuid : id],
        );
        const [chat] = await this.withMembers(manager, companyId, rows);
        return chat ?? null;
      },
      within,
    );
  }

  /** Which of `userIds` are users of the company. */
  async companyUserIds(
    manager: EntityManager,
    companyId: number,
    userIds: number[],
  ): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM users WHERE company_id = $1 AND id = ANY($2::int[])`,
      [companyId, userIds],
    );
    return rows.map((row) => row.id);
  }

  async create(
    manager: EntityManager,
    companyId: number,
    ownerId: number,
    title: string,
    memberIds: number[],
  ): Promise<number> {
    const [row]: { id: number }[] = await manager.query(
      `INSERT INTO chats (company_id, title, owner_id) VALUES ($1, $2, $3) RETURNING id`,
      [companyId, title, ownerId],
    );
    await this.addMembers(manager, companyId, row!.id, memberIds);
    return row!.id;
  }

  /** New title and members; answers the members taken out. */
  async update(
    manager: EntityManager,
    companyId: number,
    chatId: number,
    title: string,
    memberIds: number[],
  ): Promise<number[]> {
    await manager.query(
      `UPDATE chats SET title = $3, updated_at = now() WHERE company_id = $1 AND id = $2`,
      [companyId, chatId, title],
    );
    const removed: { user_id: number }[] = await manager.query(
      // as a SELECT: a bare DELETE … RETURNING answers [rows, count] through TypeORM
      `WITH gone AS (
         DELETE FROM chat_users
         WHERE company_id = $1 AND chat_id = $2 AND NOT (user_id = ANY($3::int[]))
         RETURNING user_id)
       SELECT user_id FROM gone`,
      [companyId, chatId, memberIds],
    );
    await this.addMembers(manager, companyId, chatId, memberIds);
    return removed.map((row) => row.user_id);
  }

  async delete(manager: EntityManager, companyId: number, chatId: number): Promise<void> {
    await manager.query(`DELETE FROM chats WHERE company_id = $1 AND id = $2`, [companyId, chatId]);
  }

  /** Page `offset/limit` of the newest messages, answered oldest first, and the chat's total. */
  messages(
    companyId: number,
    chatId: number,
    offset: number,
    limit: number,
  ): Promise<{ messages: ChatMessage[]; count: number }> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: MessageRow[] = await manager.query(
        `SELECT m.*, u.name FROM chat_messages m LEFT JOIN users u ON u.id = m.sender_id
         WHERE m.company_id = $1 AND m.chat_id = $2 ORDER BY m.id DESC OFFSET $3 LIMIT $4`,
        [companyId, chatId, offset, limit],
      );
      const [total]: { count: string }[] = await manager.query(
        `SELECT count(*) FROM chat_messages WHERE company_id = $1 AND chat_id = $2`,
        [companyId, chatId],
      );
      return { messages: rows.reverse().map(toMessage), count: Number(total?.count ?? 0) };
    });
  }

  /**
   * Stores a message: the chat's last message and update time follow it, every other member has one
   * more unread, and the sender has read the chat.
   */
  async addMessage(
    manager: EntityManager,
    companyId: number,
    chatId: number,
    senderId: number,
    message: string,
  ): Promise<ChatMessage> {
    const [row]: MessageRow[] = await manager.query(
      `INSERT INTO chat_messages (company_id, chat_id, sender_id, message) VALUES ($1, $2, $3, $4)
       RETURNING *, (SELECT name FROM users WHERE id = $3) AS name`,
      [companyId, chatId, senderId, message],
    );
    await manager.query(
      `UPDATE chats SET last_message = $3, updated_at = now() WHERE company_id = $1 AND id = $2`,
      [companyId, chatId, message],
    );
    await manager.query(
      `UPDATE chat_users SET
         unreads = CASE WHEN user_id = $3 THEN 0 ELSE unreads + 1 END,
         last_read_at = CASE WHEN user_id = $3 THEN now() ELSE last_read_at END
       WHERE company_id = $1 AND chat_id = $2`,
      [companyId, chatId, senderId],
    );
    return toMessage(row!);
  }

  /** The member has read the chat up to now. */
  async markRead(
    manager: EntityManager,
    companyId: number,
    chatId: number,
    userId: number,
  ): Promise<void> {
    await manager.query(
      `UPDATE chat_users SET unreads = 0, last_read_at = now()
       WHERE company_id = $1 AND chat_id = $2 AND user_id = $3`,
      [companyId, chatId, userId],
    );
  }

  private async addMembers(
    manager: EntityManager,
    companyId: number,
    chatId: number,
    memberIds: number[],
  ): Promise<void> {
    await manager.query(
      `INSERT INTO chat_users (company_id, chat_id, user_id)
       SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING`,
      [companyId, chatId, memberIds],
    );
  }

  private async withMembers(
    manager: EntityManager,
    companyId: number,
    rows: ChatRow[],
  ): Promise<Chat[]> {
    if (rows.length === 0) return [];
    const members: MemberRow[] = await manager.query(
      `SELECT cu.*, u.name FROM chat_users cu JOIN users u ON u.id = cu.user_id
       WHERE cu.company_id = $1 AND cu.chat_id = ANY($2::int[]) ORDER BY u.name, u.id`,
      [companyId, rows.map((row) => row.id)],
    );
    return rows.map((row) => ({
      id: row.id,
      uuid: row.uuid,
      title: row.title,
      ownerId: row.owner_id ?? 0,
      users: members.filter((m) => m.chat_id === row.id).map(toMember),
      lastMessage: row.last_message,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }
}
