import {
  Subjects,
  type BusRequest,
  type ContactListImportReport,
  type ContactListItemRecord,
  type ContactListItemsPage,
  type ContactListRecord,
  type RefsCheckReply,
  type RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { AppError } from '@sb/platform/errors';
import type { RunningNestService } from '@sb/platform/nest';
import { requestAs, type ServiceTestApp } from '@sb/testing';
import type pg from 'pg';
import { admin, agent, otherAdmin } from './callers.js';
import { codeOf, openCampaignsBus, openCampaignsTestApp, pollUntil } from './campaigns-test-rig.js';

// Contact lists on real Postgres and NATS (in-process bus when NATS is not there), with stand-ins for
// identity (plan flags) and connectors (the connection list and onWhatsApp).

const S = Subjects.campaigns;
const noCampaigns: Partial<RequestContext> = { companyId: 3, userId: 30, profile: 'admin' };

const waitFor = (check: () => Promise<boolean>, ms = 10_000) => pollUntil(check, ms);

describe('contact lists (campaigns service)', () => {
  let bus: Bus;
  let app: ServiceTestApp<RunningNestService> | undefined;
  let db: pg.Pool;
  const checked: string[] = [];

  const call = requestAs(() => bus);

  beforeAll(async () => {
    bus = await openCampaignsBus('campaigns-contact-lists');
    await bus.handle(Subjects.identity.planLimits, (payload: BusRequest) =>
      Promise.resolve({
        companyId: payload.ctx.companyId,
        flags: { useCampaigns: payload.ctx.companyId !== 3 },
      }),
    );
    // company 1 has a connected WhatsApp connection, company 2 none
    await bus.handle(Subjects.connectors.connectionList, (payload: BusRequest) =>
      Promise.resolve(
        payload.ctx.companyId === 1
          ? [
              { id: 8, channel: 'facebook', status: 'CONNECTED', isDefault: true },
              { id: 7, channel: 'whatsapp', status: 'CONNECTED', isDefault: false },
            ]
          : [],
      ),
    );
    // numbers ending in 9 have no account; the others answer their JID without the mobile 9
    await bus.handle(Subjects.connectors.contactCheck, (payload: BusRequest) => {
      const { connectionId, number } = payload.data as { connectionId: number; number: string };
      expect(connectionId).toBe(7);
      checked.push(number);
      if (number.endsWith('9')) throw new AppError('ERR_WAPP_INVALID_CONTACT');
      return Promise.resolve({ exists: true, number: number.replace(/^55119/, '5511') });
    });
    app = await openCampaignsTestApp(bus, { SCHEDULE_POLL_MS: '0' });
    db = app.db;
  }, 60_000);

  afterAll(() => app?.close());

  it('is for admins of plans with useCampaigns', async () => {
    expect(await codeOf(call(S.contactListList, {}, agent))).toBe('ERR_NO_PERMISSION');
    expect(await codeOf(call(S.contactListList, {}, noCampaigns))).toBe(
      'ERR_PLAN_FEATURE_DISABLED',
    );
    expect(await codeOf(call(S.contactListList, {}, admin))).toBe('ok');
  });

  it('imports rows, then checks each number through connectors', async () => {
    const list = await call<ContactListRecord>(S.contactListCreate, { name: 'Clients' }, admin);
    const report = await call<ContactListImportReport>(
      S.contactListImport,
      {
        id: list.id,
        rows: [
          { row: 2, name: 'Ana', number: '5511988880001', email: '' },
          { row: 3, name: 'Bia', number: '5511988880009', email: 'bia@x.test' },
          { row: 4, name: 'C', number: '5511988880003', email: '' },
        ],
      },
      admin,
    );
    expect(report).toEqual({
      total: 3,
      added: 2,
      updated: 0,
      failed: [{ row: 4, fields: { name: ['Too Short!'] } }],
    });
    const page = () =>
      call<ContactListItemsPage>(S.contactListItemList, { contactListId: list.id }, admin);
    await waitFor(async () =>
      (await page()).contacts.every((item) => item.isWhatsappValid !== null),
    );
    const byName = Object.fromEntries((await page()).contacts.map((c) => [c.name, c]));
    expect(byName.Ana).toMatchObject({ isWhatsappValid: true, number: '551188880001' });
    expect(byName.Bia).toMatchObject({ isWhatsappValid: false, number: '5511988880009' });
    expect(
      (await call<ContactListRecord>(S.contactListGet, { id: list.id }, admin)).contactsCount,
    ).toBe(2);
    const { rows } = await db.query<{ subject: string }>(
      `SELECT subject FROM campaigns.outbox_event WHERE subject LIKE '%.contact-list-item.reloaded'`,
    );
    // one after the import, one after the check pass
    expect(rows).toHaveLength(2);
  });

  it('keeps numbers unchecked without a connected connection, and one tenant out of another', async () => {
    const list = await call<ContactListRecord>(S.contactListCreate, { name: 'Other' }, otherAdmin);
    const item = await call<ContactListItemRecord>(
      S.contactListItemCreate,
      { name: 'Carla', number: '+55 21 97777-0001', contactListId: list.id },
      otherAdmin,
    );
    expect(item).toMatchObject({ number: '5521977770001', isWhatsappValid: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(checked).not.toContain('5521977770001');
    expect(await codeOf(call(S.contactListItemGet, { id: item.id }, admin))).toBe(
      'ERR_NO_CONTACT_LIST_ITEM_FOUND',
    );
    expect(await codeOf(call(S.contactListDelete, { id: list.id }, admin))).toBe(
      'ERR_NO_CONTACT_LIST_FOUND',
    );
    const refs = await call<RefsCheckReply>(
      S.refsCheck,
      { refs: { contactList: [list.id], contactListItem: [item.id], campaign: [1] } },
      admin,
    );
    expect(refs.missing).toEqual({
      contactList: [list.id],
      contactListItem: [item.id],
      campaign: [1],
    });
    // deleting the list takes its items with it
    await call(S.contactListDelete, { id: list.id }, otherAdmin);
    expect(await codeOf(call(S.contactListItemGet, { id: item.id }, otherAdmin))).toBe(
      'ERR_NO_CONTACT_LIST_ITEM_FOUND',
    );
  });
});
