/**
 * Next-response time, a pure rule over a ticket's visible messages in any order: after the agent's
 * first answer, each time the contact writes while no answer is due (a run of contact messages is
 * timed from its first), the wait lasts until the agent's next visible answer. Answers sent while the
 * ticket had no agent (greetings, menus, out-of-hours texts) neither start the count nor end a wait;
 * a wait still unanswered is not a wait yet (never measured to now).
 */

/** One visible message of a ticket: when, whether the company sent it, and whether an agent held it. */
export type MessageMark = { id: string; at: string; fromMe: boolean; byAgent: boolean };

/** A contact's wait for the next answer, as ISO instants. */
export type ResponseWait = { from: string; to: string };

const byTime = (a: MessageMark, b: MessageMark) =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export function nextResponseWaits(marks: readonly MessageMark[]): ResponseWait[] {
  const waits: ResponseWait[] = [];
  let answered = false;
  let waitingSince: string | null = null;
  for (const mark of [...marks].sort(byTime)) {
    if (mark.fromMe) {
      if (!mark.byAgent) continue;
      if (answered && waitingSince !== null) waits.push({ from: waitingSince, to: mark.at });
      answered = true;
      waitingSince = null;
    } else if (answered && waitingSince === null) waitingSince = mark.at;
  }
  return waits;
}
