import { nextResponseWaits, type MessageMark } from './next-response-rules.js';

let n = 0;
const at = (time: string) => `2026-03-02T${time}:00.000Z`;
const contact = (time: string): MessageMark => ({
  id: `m${++n}`,
  at: at(time),
  fromMe: false,
  byAgent: false,
});
const agent = (time: string): MessageMark => ({
  id: `m${++n}`,
  at: at(time),
  fromMe: true,
  byAgent: true,
});
const bot = (time: string): MessageMark => ({
  id: `m${++n}`,
  at: at(time),
  fromMe: true,
  byAgent: false,
});

describe('next-response waits', () => {
  it('times each contact run after the first agent answer to the next agent answer', () => {
    // 10:00 contact, 10:05 bot menu, 10:20 agent (first answer: no wait before it);
    // 10:30 + 10:32 contact (one run from 10:30), 10:50 agent → 20 min;
    // 11:00 contact, 11:04 agent, 11:06 agent again → 4 min; 11:10 contact unanswered → not counted
    const marks = [
      contact('10:00'),
      bot('10:05'),
      agent('10:20'),
      contact('10:30'),
      contact('10:32'),
      agent('10:50'),
      contact('11:00'),
      agent('11:04'),
      agent('11:06'),
      contact('11:10'),
    ];
    const waits = [
      { from: at('10:30'), to: at('10:50') },
      { from: at('11:00'), to: at('11:04') },
    ];
    expect(nextResponseWaits(marks)).toEqual(waits);
    // the same whatever order the messages came in
    expect(nextResponseWaits([...marks].reverse())).toEqual(waits);
  });

  it('does not let an automatic text end a wait', () => {
    // after the agent's 09:00 answer the contact writes at 09:10; an out-of-hours text at 09:11 is
    // not the answer, the agent's 09:40 is → 30 min
    expect(
      nextResponseWaits([agent('09:00'), contact('09:10'), bot('09:11'), agent('09:40')]),
    ).toEqual([{ from: at('09:10'), to: at('09:40') }]);
  });

  it('has no waits before the first agent answer, nor without one', () => {
    expect(nextResponseWaits([contact('09:00'), bot('09:01'), contact('09:02')])).toEqual([]);
    expect(nextResponseWaits([])).toEqual([]);
  });
});
