import { PlanFlags } from './plan-flags.js';
import { PlanInput, PlanUpdateInput } from './plan-inputs.js';

describe('plan inputs', () => {
  it('enables every flag and isPublic by default and rounds the amount to cents', () => {
    const plan = PlanInput.parse({
      name: ' Pro ',
      users: '5',
      connections: 2,
      queues: 3,
      amount: '49.899',
    });
    expect(plan).toMatchObject({ name: 'Pro', users: 5, amount: 49.9, isPublic: true });
    for (const flag of PlanFlags) expect(plan[flag]).toBe(true);
  });

  it('names the missing and invalid fields', () => {
    const result = PlanInput.safeParse({ name: '', users: -1, amount: 'x' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'users', 'connections', 'queues', 'amount']),
    );
  });

  it('leaves absent fields absent on update (no flag is reset)', () => {
    expect(PlanUpdateInput.parse({ useKanban: false })).toEqual({ useKanban: false });
  });
});
