import type { PlanLimitsReply } from '@sb/contracts';
import {
  assertGreeting,
  assertImportWindow,
  assertPlanAllows,
  externalIdOf,
  planFlagOf,
} from './connection-rules.js';
import { requireAdmin } from '@sb/platform/context';

const ctx = { requestId: 'r', companyId: 1, userId: 1, super: false, lang: 'en' };
const plan = (flags: Partial<PlanLimitsReply['flags']>, connections = 2) =>
  ({
    companyId: 1,
    planId: 1,
    limits: { users: 5, connections, queues: 5 },
    flags: { useWhatsapp: false, useFacebook: false, useInstagram: false, ...flags },
  }) as PlanLimitsReply;

describe('connection rules', () => {
  it('lets admins and super users write, not plain users', () => {
    expect(() => requireAdmin({ ...ctx, profile: 'admin' })).not.toThrow();
    expect(() => requireAdmin({ ...ctx, profile: 'user', super: true })).not.toThrow();
    expect(() => requireAdmin({ ...ctx, profile: 'user' })).toThrow(
      expect.objectContaining({ code: 'ERR_NO_PERMISSION' }),
    );
  });

  it('gates each channel by its plan flag and the connection limit', () => {
    expect(planFlagOf('whatsappapi')).toBe('useWhatsapp');
    expect(() => assertPlanAllows(plan({ useWhatsapp: true }), 'whatsapp', 1)).not.toThrow();
    expect(() => assertPlanAllows(plan({ useWhatsapp: true }), 'facebook', 0)).toThrow(
      expect.objectContaining({ code: 'ERR_PLAN_FEATURE_DISABLED' }),
    );
    expect(() => assertPlanAllows(plan({ useInstagram: true }), 'instagram', 2)).toThrow(
      expect.objectContaining({ code: 'ERR_PLAN_LIMIT_REACHED' }),
    );
  });

  it('needs a greeting with more than one queue', () => {
    expect(() => assertGreeting([1], null)).not.toThrow();
    expect(() => assertGreeting([1, 2], 'Hi')).not.toThrow();
    expect(() => assertGreeting([1, 2], null)).toThrow(
      expect.objectContaining({ code: 'ERR_WAPP_GREETING_REQUIRED' }),
    );
  });

  it('keeps the import window within 2 years and in order', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(() => assertImportWindow('2025-01-01', '2026-01-01', now)).not.toThrow();
    expect(() => assertImportWindow('2024-01-01', null, now)).toThrow(
      expect.objectContaining({ code: 'ERR_VALIDATION' }),
    );
    expect(() => assertImportWindow(null, '2026-07-01', now)).toThrow();
    expect(() => assertImportWindow('2026-01-01', '2025-06-01', now)).toThrow(
      expect.objectContaining({
        fields: { importRecentMessages: ['cannot precede the old date'] },
      }),
    );
  });

  it('takes the webhook routing key from the channel secrets', () => {
    expect(externalIdOf('whatsappapi', { phoneNumberId: '123' })).toBe('123');
    expect(externalIdOf('instagram', { pageId: 'p', instagramId: 'ig' })).toBe('ig');
    expect(externalIdOf('whatsapp', {})).toBeNull();
  });
});
