// Type-level checks compiled by `typecheck`: each `@ts-expect-error` line must fail to compile.
import type { EventSocketRoute } from './event-socket-routes.js';
import type { CompanySocketEventName } from './socket-events.js';
import type { SocketEventKey } from './socket-payloads.js';

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// every socket event name has a payload in the map, and the map names no other
const everySocketEventMapped: Equal<
  SocketEventKey,
  CompanySocketEventName | 'announcement' | 'users' | 'tenantOperation'
> = true;

export const tagRoute: EventSocketRoute<'tickets.tag.created'> = {
  readRoute: 'GET /tags/:id',
  event: 'tag',
  payload: (data) => ({ action: 'create', tag: data.tag }),
  rooms: () => [],
};

// @ts-expect-error the tag socket event carries `tag`, not `contact`
export const wrongPayload: EventSocketRoute<'tickets.tag.created'> = {
  readRoute: 'GET /tags/:id',
  event: 'tag',
  payload: (data) => ({ action: 'create', contact: data.tag }),
  rooms: () => [],
};

export const wrongEventData: EventSocketRoute<'tickets.tag.deleted'> = {
  readRoute: 'GET /tags/:id',
  event: 'tag',
  // @ts-expect-error tickets.tag.deleted carries { tagId }, no tag
  payload: (data) => ({ action: 'update', tag: data.tag }),
  rooms: () => [],
};

export const userRoute: EventSocketRoute<'identity.user.deleted'> = {
  readRoute: 'GET /users/:id',
  event: 'user',
  alsoEvent: 'users',
  payload: (data) => ({ action: 'delete', userId: data.userId }),
  rooms: () => [],
};

// @ts-expect-error a row names the HTTP route that reads its record
export const noReadRoute: EventSocketRoute<'tickets.tag.created'> = {
  event: 'tag',
  payload: (data) => ({ action: 'create', tag: data.tag }),
  rooms: () => [],
};

// @ts-expect-error a second name must carry the same payload: users carry no tag
export const wrongAlsoEvent: EventSocketRoute<'tickets.tag.deleted'> = {
  readRoute: 'GET /tags/:id',
  event: 'tag',
  alsoEvent: 'users',
  payload: (data) => ({ action: 'delete', tagId: data.tagId }),
  rooms: () => [],
};

describe('socket payload map', () => {
  it('compiles the checks above (typecheck runs them)', () => {
    expect(everySocketEventMapped).toBe(true);
  });
});
