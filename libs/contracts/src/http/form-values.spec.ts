import { z } from 'zod';
import { ConnectionCreateInput, ConnectionUpdateInput } from '../connections/connection-inputs.js';
import { OnDutyDay } from '../on-duty/on-duty.js';
import { QueueInput } from '../queues/queues.js';
import { TicketCloseAllInput, TicketUpdateInput } from '../tickets/ticket-inputs.js';
import { UserCreateInput, UserEditInput } from '../users/user-inputs.js';
import { isCalendarDay, optionalRecordId, queryDay } from './form-values.js';

describe('the values forms of this product family send', () => {
  it('reads every "no id" form as null, and numeric text as the id', () => {
    for (const none of ['', 0, '0', false, null, undefined])
      expect(optionalRecordId.parse(none)).toBeNull();
    expect(optionalRecordId.parse('12')).toBe(12);
    expect(optionalRecordId.parse(12)).toBe(12);
    expect(optionalRecordId.safeParse('abc').success).toBe(false);
    expect(optionalRecordId.safeParse(-3).success).toBe(false);
  });

  it('a connection: ids, whenExpiresTicket as a number, null booleans, capitalised weekdays', () => {
    const form = {
      name: 'Phone',
      integrationId: '',
      promptId: false,
      sendIdQueue: 0,
      whenExpiresTicket: 0,
      allowGroup: null,
      isDefault: null,
      schedules: [
        {
          weekday: 'Segunda-feira',
          weekdayEn: 'Monday',
          startTimeA: '08:00',
          endTimeA: '12:00',
          startTimeB: '',
          endTimeB: '',
        },
      ],
    };
    expect(ConnectionCreateInput.parse(form)).toMatchObject({
      integrationId: null,
      promptId: null,
      sendIdQueue: null,
      whenExpiresTicket: '0',
      allowGroup: false,
      isDefault: false,
      schedules: [{ weekdayEn: 'monday' }],
    });
    // an edit: null leaves a boolean as it is, left out stays left out
    const edit = ConnectionUpdateInput.parse({ allowGroup: null, whenExpiresTicket: 1 });
    expect(edit).toEqual({ allowGroup: undefined, whenExpiresTicket: '1' });
    expect('sendIdQueue' in edit).toBe(false);
  });

  it('a user: whatsappId "" or false, language "", allowGroup null', () => {
    const base = { name: 'Ana', email: 'ana@x.test', password: 'secret' };
    expect(
      UserCreateInput.parse({ ...base, whatsappId: '', language: '', allowGroup: null }),
    ).toMatchObject({ whatsappId: null, language: null, allowGroup: false });
    expect(UserEditInput.parse({ whatsappId: false, language: '', allowGroup: null })).toEqual({
      whatsappId: null,
      language: null,
      allowGroup: undefined,
    });
    // an edit that leaves whatsappId out keeps it (no null)
    expect('whatsappId' in UserEditInput.parse({ name: 'Ana' })).toBe(false);
  });

  it('a queue: "" and 0 for no integration or file list, null booleans', () => {
    expect(
      QueueInput.parse({
        name: 'Sales',
        color: '#aabbcc',
        integrationId: '',
        fileListId: 0,
        promptId: false,
        closeTicket: null,
        ativarRoteador: null,
      }),
    ).toMatchObject({
      integrationId: null,
      fileListId: null,
      promptId: null,
      closeTicket: false,
      ativarRoteador: false,
    });
  });

  it('on-duty days take "Monday" for monday', () => {
    expect(OnDutyDay.parse({ weekday: 'Segunda', weekdayEn: 'Monday' }).weekdayEn).toBe('monday');
    expect(OnDutyDay.safeParse({ weekday: 'x', weekdayEn: 'Someday' }).success).toBe(false);
  });

  it('a ticket update: "" clears, left out stays left out', () => {
    expect(TicketUpdateInput.parse({ status: 'open', queueId: '', userId: 0 })).toEqual({
      status: 'open',
      queueId: null,
      userId: null,
    });
    expect('queueId' in TicketUpdateInput.parse({ status: 'open' })).toBe(false);
  });

  it('closeAll: the tab status and selectedQueueIds, as the family sends them', () => {
    expect(TicketCloseAllInput.parse({ status: 'pending', selectedQueueIds: [3, 4] })).toEqual({
      status: 'pending',
      queueIds: [3, 4],
    });
    expect(TicketCloseAllInput.parse({ queueIds: '[5]' })).toEqual({
      status: 'closed',
      queueIds: [5],
    });
    expect(TicketCloseAllInput.safeParse({ status: 'nps' }).success).toBe(false);
  });

  it('query days are real days of the calendar', () => {
    expect(isCalendarDay('2026-11-27')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '2026-00-10', 'YYYY-MM-DD', '2026-1-1'])
      expect(isCalendarDay(bad)).toBe(false);
    expect(queryDay.parse('2026-11-27T10:00:00Z')).toBe('2026-11-27');
    expect(z.object({ d: queryDay }).safeParse({ d: '2026-02-30' }).success).toBe(false);
  });
});
