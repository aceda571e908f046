import { PlanFlags, PlanLimits, enabledPlanFlags, isPlanFlag } from './plan-flags.js';

describe('plan flags', () => {
  it('has the ten feature flags and three limits', () => {
    expect(PlanFlags).toHaveLength(10);
    expect(PlanLimits).toEqual(['users', 'connections', 'queues']);
    expect(isPlanFlag('useKanban')).toBe(true);
    expect(isPlanFlag('useTelegram')).toBe(false);
  });

  it('lists the enabled flags in catalogue order', () => {
    expect(enabledPlanFlags({ useOpenAi: true, useWhatsapp: true, useKanban: false })).toEqual([
      'useWhatsapp',
      'useOpenAi',
    ]);
    expect(enabledPlanFlags({})).toEqual([]);
  });
});
