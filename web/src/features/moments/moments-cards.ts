import type { MomentTicket } from '@sb/contracts';

export type MomentsViewer = { id: number; name: string; admin: boolean };
export type MomentCard =
  | { kind: 'pending'; tickets: MomentTicket[] }
  | { kind: 'user'; user: { id: number; name: string; admin: boolean }; tickets: MomentTicket[] };

const newestFirst = (a: MomentTicket, b: MomentTicket) =>
  b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/**
 * The Tempo Real cards (spec 2 §2): admins get the Pendentes card and one card per user with open
 * tickets (by name; admins flagged from the company's user list, else from the ticket's user); a plain
 * user gets only their own card, even empty.
 */
export function cardsOf(
  open: MomentTicket[],
  pending: MomentTicket[],
  users: readonly { id: number; name: string; profile: string | null }[],
  viewer: MomentsViewer,
): MomentCard[] {
  if (!viewer.admin)
    return [
      {
        kind: 'user',
        user: { id: viewer.id, name: viewer.name, admin: false },
        tickets: open.filter((t) => t.userId === viewer.id).sort(newestFirst),
      },
    ];
  const byUser = new Map<number, MomentTicket[]>();
  for (const ticket of open) {
    if (ticket.userId === null) continue;
    byUser.set(ticket.userId, [...(byUser.get(ticket.userId) ?? []), ticket]);
  }
  const userCards = [...byUser].map(([userId, tickets]): MomentCard => {
    const listed = users.find((u) => u.id === userId);
    const fromTicket = tickets.find((t) => t.user)?.user;
    return {
      kind: 'user',
      user: {
        id: userId,
        name: listed?.name ?? fromTicket?.name ?? '',
        admin: (listed?.profile ?? fromTicket?.profile) === 'admin',
      },
      tickets: tickets.sort(newestFirst),
    };
  });
  userCards.sort((a, b) =>
    a.kind === 'user' && b.kind === 'user'
      ? a.user.name.localeCompare(b.user.name) || a.user.id - b.user.id
      : 0,
  );
  return [{ kind: 'pending', tickets: [...pending].sort(newestFirst) }, ...userCards];
}
