import { DomainEventTypes, eventSubject } from '../bus/subjects.js';
import { HelpInput } from '../helps/helps.js';
import { resolveEventSocket } from '../realtime/event-socket-routes.js';
import { AnnouncementInput, type Announcement } from './announcements.js';

const record = (status: boolean): Announcement => ({
  id: 4,
  title: 'T',
  text: 'secret text',
  priority: 1,
  status,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const event = (type: { entity: string; action: string }, data: unknown) => ({
  id: 'e',
  subject: eventSubject(0, 'identity', type.entity, type.action),
  companyId: 0,
  occurredAt: '2026-01-01T00:00:00.000Z',
  data,
});

describe('announcement inputs', () => {
  it('defaults priority 3 and status on, and requires title and text', () => {
    expect(AnnouncementInput.parse({ title: ' a ', text: 'b' })).toEqual({
      title: 'a',
      text: 'b',
      priority: 3,
      status: true,
    });
    const bad = AnnouncementInput.safeParse({ title: '', text: ' ', priority: 0 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['priority', 'text', 'title']);
  });

  it('takes a help video as a code, never a URL', () => {
    expect(HelpInput.parse({ title: 'x', video: 'dQw4w9WgXcQ' }).video).toBe('dQw4w9WgXcQ');
    expect(HelpInput.safeParse({ title: 'x', video: 'https://evil.test/v' }).success).toBe(false);
  });
});

describe('company-announcement socket route', () => {
  const T = DomainEventTypes.identity;

  it('sends active announcements to the platform room', () => {
    expect(resolveEventSocket(event(T.announcementCreated, { record: record(true) }))).toEqual({
      event: 'company-announcement',
      payload: { action: 'create', record: record(true) },
      rooms: ['platform'],
    });
    expect(
      resolveEventSocket(event(T.announcementUpdated, { record: record(true) }))?.payload,
    ).toEqual({ action: 'update', record: record(true) });
  });

  it('sends an inactive or deleted one as a delete carrying only its id', () => {
    for (const type of [T.announcementCreated, T.announcementUpdated, T.announcementDeleted]) {
      const resolved = resolveEventSocket(
        event(type, { record: record(type === T.announcementDeleted) }),
      );
      expect(resolved?.payload).toEqual({ action: 'delete', record: { id: 4 } });
      expect(JSON.stringify(resolved)).not.toContain('secret text');
    }
  });
});
