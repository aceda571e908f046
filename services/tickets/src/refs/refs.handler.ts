import { Inject, Injectable } from '@nestjs/common';
import {
  RefReplicas,
  Subjects,
  missingRefs,
  type RefId,
  type RefKind,
  type RefsCheckReply,
  type RefsCheckRequest,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { CallContext } from '@sb/platform/context';
import { BUS } from '@sb/platform/nest';
import { ownedRefsHandler, type OwnedRefTables } from '@sb/platform/refs';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { IdentityDirectory } from '../directories/identity-directory.js';

/** The tables of the kinds of record tickets owns. */
const tables: OwnedRefTables = {
  queue: 'queues',
  chatbot: 'chatbots',
  prompt: 'prompts',
  queueIntegration: 'queue_integrations',
  fileList: 'file_lists',
  fileListOption: 'file_list_options',
  contact: 'contacts',
  ticket: 'tickets',
  tag: 'tags',
  message: 'messages',
};

const replicated = new Set<RefKind>(RefReplicas.tickets);

/**
 * The ownership check. As `tickets.refs.check` (the gateway's) it answers the kinds tickets owns; as
 * the service's REFS_CHECK (the refs a request to tickets carries) it also answers users and
 * connections from the replicas tickets keeps, so accept/transfer cost no bus round trip.
 */
@Injectable()
export class RefsHandler extends ownedRefsHandler(Subjects.tickets.refsCheck, tables) {
  constructor(
    private readonly identity: IdentityDirectory,
    private readonly connectors: ConnectorsDirectory,
    @Inject(BUS) private readonly bus: Bus,
  ) {
    super();
  }

  override async missing(ctx: CallContext, request: RefsCheckRequest): Promise<RefsCheckReply> {
    const own: RefsCheckRequest['refs'] = {};
    const replica: RefsCheckRequest['refs'] = {};
    for (const [kind, ids] of Object.entries(request.refs) as [RefKind, RefId[]][])
      (replicated.has(kind) ? replica : own)[kind] = ids;
    const [owned, copied] = await Promise.all([
      this.missingOwned(ctx, { refs: own }),
      this.missingFromReplicas(ctx, replica),
    ]);
    return { missing: { ...owned.missing, ...copied.missing } };
  }

  /**
   * Users and connections the replicas hold are the company's; an id they do not hold (created a
   * moment ago, its event on the way; or a replica that could not load) is asked of its owner.
   */
  private async missingFromReplicas(
    ctx: CallContext,
    refs: RefsCheckRequest['refs'],
  ): Promise<RefsCheckReply> {
    if (Object.keys(refs).length === 0 || ctx.profile === 'anonymous') {
      return missingRefs({ refs }, async () => []);
    }
    const [users, connections] = await Promise.all([
      refs.user ? this.identity.users(ctx) : new Map<number, unknown>(),
      refs.connection ? this.connectors.connections(ctx) : new Map<number, unknown>(),
    ]);
    const held = { user: users, connection: connections } as Record<RefKind, Map<number, unknown>>;
    const reply = await missingRefs({ refs }, async (kind, ids) =>
      ids.filter((id) => held[kind]?.has(Number(id))),
    );
    const unsure = Object.entries(reply.missing) as [RefKind, RefId[]][];
    const asked = await Promise.all(
      unsure.map(([kind, ids]) =>
        this.bus.request(Subjects[kind === 'user' ? 'identity' : 'connectors'].refsCheck, {
          ctx,
          data: { refs: { [kind]: ids } },
        }),
      ),
    );
    return { missing: Object.assign({}, ...asked.map((answer) => answer.missing)) };
  }
}
