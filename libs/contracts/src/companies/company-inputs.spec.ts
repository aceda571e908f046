import { CompanyInput, CompanySchedulesInput, CompanyUpdateInput } from './company-inputs.js';

const valid = { name: 'Acme', email: 'Boss@Acme.test', planId: '2', password: 'secret1' };

describe('company inputs', () => {
  it('requires name, email, plan and the first admin password', () => {
    const result = CompanyInput.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0]).sort()).toEqual(
      ['email', 'name', 'password', 'planId'].sort(),
    );
  });

  it('defaults status and recurrence, and turns an empty or invalid due date into null', () => {
    expect(CompanyInput.parse({ ...valid, dueDate: '' })).toMatchObject({
      email: 'boss@acme.test',
      planId: 2,
      status: true,
      recurrence: 'MENSAL',
      dueDate: null,
      phone: null,
    });
    expect(CompanyInput.parse({ ...valid, dueDate: 'not a date' }).dueDate).toBeNull();
    expect(CompanyInput.parse({ ...valid, dueDate: '2026-03-01' }).dueDate).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });

  it('keeps absent fields absent on update', () => {
    expect(CompanyUpdateInput.parse({ status: false })).toEqual({ status: false });
  });

  it('refuses an unknown recurrence and bad schedule times', () => {
    expect(CompanyInput.safeParse({ ...valid, recurrence: 'WEEKLY' }).success).toBe(false);
    const day = { weekday: 'Lunes', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00' };
    expect(
      CompanySchedulesInput.safeParse({ schedules: [{ ...day, startTimeB: '', endTimeB: '' }] })
        .success,
    ).toBe(true);
    expect(
      CompanySchedulesInput.safeParse({
        schedules: [{ ...day, startTimeB: '25:00', endTimeB: '' }],
      }).success,
    ).toBe(false);
  });
});
