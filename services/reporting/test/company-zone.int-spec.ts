import {
  Subjects,
  type DomainEvent,
  type RequestContext,
  type TicketRecord,
  type TicketsDayReply,
} from '@sb/contracts';
import { requestAs } from '@sb/testing';
import { domainEvent, ticketRecord } from './reporting-events.js';
import { processedEvents, recordsOf, until, useReportingTestApp } from './reporting-test-app.js';

const S = Subjects.reporting;
const admin = (companyId: number): Partial<RequestContext> => ({
  companyId,
  userId: 5,
  profile: 'admin',
});

const created = (companyId: number, id: number, at: string) =>
  domainEvent(companyId, 'tickets.ticket.updated', at, {
    ticket: ticketRecord(id, at, {
      companyId,
      queueId: null,
      queue: null,
      whatsappId: 1,
      contactId: id,
      contact: { id, name: `C${id}` },
      createdAt: at,
    } as Partial<TicketRecord>),
  });
const zone = (companyId: number, timeZone: string, at: string) =>
  domainEvent(companyId, 'identity.company.updated', at, { company: { id: companyId }, timeZone });

/**
 * The company's own time zone (identity's company events) decides the rollups' calendar days; a
 * company without one is read in the report zone (America/Sao_Paulo). New York changes to summer time
 * on 2026-03-08 (UTC−5 → UTC−4).
 */
describe("reporting in the company's own time zone (real Postgres and NATS)", () => {
  const rig = useReportingTestApp('reporting-zone');
  const call = requestAs(() => rig.app.bus);
  const march = { initialDate: '2026-03-01', finalDate: '2026-03-10' };

  const processed = () => processedEvents(rig.app.db);
  const publishAll = async (events: DomainEvent[]) => {
    const before = await processed();
    for (const e of events) await rig.app.bus.publish(e);
    await until(async () => (await processed()) >= before + recordsOf(events));
  };
  const days = async (companyId: number, range = march) =>
    (await call<TicketsDayReply>(S.ticketsDay, range, admin(companyId))).data;

  beforeAll(async () => {
    if (!rig.bus) return;
    // 04:30 UTC on the 8th: 01:30 of the 8th in São Paulo, 23:30 of the 7th in New York (EST)
    await publishAll([
      created(7, 1, '2026-03-08T04:30:00.000Z'),
      created(8, 2, '2026-03-08T04:30:00.000Z'),
    ]);
  }, 60_000);

  it('reads a company without a zone of its own in the report zone', async () => {
    if (!rig.bus) return;
    expect(await days(7)).toEqual([{ data: '08/03/2026', total: 1 }]);
  });

  it("counts the company's tickets again in its own zone when it sets one, across the DST change", async () => {
    if (!rig.bus) return;
    await publishAll([zone(7, 'America/New_York', '2026-03-08T10:00:00.000Z')]);
    expect(await days(7)).toEqual([{ data: '07/03/2026', total: 1 }]);
    const seventh = { initialDate: '2026-03-07', finalDate: '2026-03-07' };
    expect(await days(7, seventh)).toEqual([{ horario: '23', total: 1 }]);
    // after the change: 03:30 UTC on the 9th is 23:30 of the 8th (EDT, UTC−4)
    await publishAll([created(7, 3, '2026-03-09T03:30:00.000Z')]);
    expect(await days(7)).toEqual([
      { data: '07/03/2026', total: 1 },
      { data: '08/03/2026', total: 1 },
    ]);
    // another company keeps the report zone
    expect(await days(8)).toEqual([{ data: '08/03/2026', total: 1 }]);
  });

  it('ignores an older announcement of the zone', async () => {
    if (!rig.bus) return;
    await publishAll([zone(7, 'Asia/Tokyo', '2026-03-01T00:00:00.000Z')]);
    expect(await days(7)).toEqual([
      { data: '07/03/2026', total: 1 },
      { data: '08/03/2026', total: 1 },
    ]);
  });
});
