import {
  Subjects,
  type Chat,
  type ChatMessage,
  type ChatPage,
  type RequestContext,
} from '@sb/contracts';
import {
  SEEDED_SUPER,
  useIdentityTestApp,
  type BusKind,
  IntegrationBuses,
} from './identity-test-app.js';

const S = Subjects.identity;

// Internal chats in identity, asked over the bus as the gateway does (no gateway guard in the way): the
// service itself keeps members to the company, non-members out, edits to the owner, and writes the
// events the gateway routes to the members' rooms.
describe.each<BusKind>(IntegrationBuses)('internal chats over the %s bus', (kind) => {
  const rig = useIdentityTestApp(kind, 'identity-chats-int-spec');
  const { run } = rig;

  const code = (promise: Promise<unknown>): Promise<string> =>
    promise.then(
      () => 'ok',
      (err: { code?: string }) => err.code ?? 'unknown',
    );

  const people = async () => {
    const given = rig.app.given;
    const a = await given.newCompany();
    const b = await given.newCompany();
    const as = async (company: { id: number }, name: string) => {
      const user = await given.newUser(company, { name });
      const ctx: Partial<RequestContext> = {
        companyId: company.id,
        userId: user.id,
        profile: 'user',
        super: false,
      };
      return { user, ctx };
    };
    return {
      ann: await as(a, 'Ann'),
      bob: await as(a, 'Bob'),
      cid: await as(a, 'Cid'),
      eve: await as(b, 'Eve'),
      companyA: a.id,
    };
  };

  const outbox = (companyId: number, chatId: number) =>
    rig.app.db
      .query<{ subject: string; payload: { record?: Chat; chat?: Chat; memberIds?: number[] } }>(
        `SELECT subject, payload FROM identity.outbox_event WHERE company_id = $1
         AND (payload->'record'->>'id' = $2 OR payload->'chat'->>'id' = $2 OR payload->>'id' = $2)
         ORDER BY seq`,
        [companyId, String(chatId)],
      )
      .then((result) => result.rows);

  run('keeps members to the company and non-members out, even without the gateway', async () => {
    const { ann, bob, cid, eve } = await people();
    expect(
      await code(rig.app.request(S.chatCreate, { title: 'x', users: [eve.user.id] }, ann.ctx)),
    ).toBe('ERR_NO_USER_FOUND');
    const chat = await rig.app.request<Chat>(
      S.chatCreate,
      { title: ' Team ', users: [bob.user.id] },
      ann.ctx,
    );
    expect(chat).toMatchObject({ title: 'Team', ownerId: ann.user.id, lastMessage: '' });
    for (const [who, expected] of [
      [cid, 'ERR_NO_PERMISSION'],
      [eve, 'ERR_NO_CHAT_FOUND'],
    ] as const) {
      expect(await code(rig.app.request(S.chatGet, { id: chat.id }, who.ctx))).toBe(expected);
      expect(await code(rig.app.request(S.chatSend, { id: chat.id, message: 'hi' }, who.ctx))).toBe(
        expected,
      );
      expect(await code(rig.app.request(S.chatTyping, { chatId: chat.id }, who.ctx))).toBe(
        expected,
      );
    }
    expect(
      await code(rig.app.request(S.chatUpdate, { id: chat.id, title: 'B', users: [] }, bob.ctx)),
    ).toBe('ERR_VALIDATION');
    expect(
      await code(
        rig.app.request(S.chatUpdate, { id: chat.id, title: 'B', users: [bob.user.id] }, bob.ctx),
      ),
    ).toBe('ERR_CHAT_OWNER_ONLY');
    // a super user of another company reads no chat of this one
    expect(await rig.app.request<ChatPage>(S.chatList, {}, SEEDED_SUPER)).toEqual({
      records: [],
      hasMore: false,
    });
  });

  run('writes each change with an event naming the members it goes to', async () => {
    const { ann, bob, cid, companyA } = await people();
    const chat = await rig.app.request<Chat>(
      S.chatCreate,
      { title: 'Events', users: [bob.user.id, cid.user.id] },
      ann.ctx,
    );
    const sent = await rig.app.request<ChatMessage>(
      S.chatSend,
      { id: chat.id, message: 'see #42' },
      bob.ctx,
    );
    expect(sent).toMatchObject({ senderId: bob.user.id, sender: { name: 'Bob' } });
    await rig.app.request(
      S.chatUpdate,
      { id: chat.id, title: 'Events', users: [bob.user.id] },
      ann.ctx,
    );
    await rig.app.request(S.chatDelete, { id: chat.id }, ann.ctx);
    const events = await outbox(companyA, chat.id);
    expect(events.map((e) => e.subject)).toEqual([
      `evt.${companyA}.identity.chat.created`,
      `evt.${companyA}.identity.chat-message.created`,
      `evt.${companyA}.identity.chat.updated`,
      `evt.${companyA}.identity.chat.deleted`,
    ]);
    expect(events[1]!.payload.chat).toMatchObject({ lastMessage: 'see #42' });
    expect(events[2]!.payload).toMatchObject({ removedUserIds: [cid.user.id] });
    expect(events[3]!.payload.memberIds!.sort()).toEqual([ann.user.id, bob.user.id].sort());
    // the messages went with the chat
    const { rows } = await rig.app.db.query(
      `SELECT id FROM identity.chat_messages WHERE chat_id = $1`,
      [chat.id],
    );
    expect(rows).toEqual([]);
  });

  run('a deleted user leaves their chats; what they owned and wrote stays', async () => {
    const { ann, bob } = await people();
    const chat = await rig.app.request<Chat>(
      S.chatCreate,
      { title: 'Leaving', users: [bob.user.id] },
      ann.ctx,
    );
    await rig.app.request(S.chatSend, { id: chat.id, message: 'bye' }, ann.ctx);
    await rig.app.db.query(`DELETE FROM identity.users WHERE id = $1`, [ann.user.id]);
    const left = await rig.app.request<Chat>(S.chatGet, { id: chat.uuid }, bob.ctx);
    expect(left.users.map((m) => m.userId)).toEqual([bob.user.id]);
    expect(left.ownerId).toBe(0);
    const page = await rig.app.request<{ records: ChatMessage[] }>(
      S.chatMessages,
      { id: chat.id },
      bob.ctx,
    );
    expect(page.records).toEqual([
      expect.objectContaining({ message: 'bye', senderId: 0, sender: { id: 0, name: '' } }),
    ]);
  });
});
