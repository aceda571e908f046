import { Languages } from '@sb/contracts';
import { createInstance, type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllResources } from '../../app/i18n.js';
import { auditFieldLabel, auditSubject } from './audit-labels.js';

describe('audit log labels', () => {
  let i18n: i18n;
  beforeAll(async () => {
    i18n = createInstance();
    await i18n.init({ resources: await loadAllResources(), lng: 'en', fallbackLng: false });
  });

  it('names a setting by its label, not its key', async () => {
    expect(auditSubject(i18n, 'settings', 'userRating')).toBe('Setting Ratings');
    expect(auditSubject(i18n, 'queue', '7')).toBe('Queue 7');
    expect(auditSubject(i18n, 'plan', null)).toBe('Plan');
  });

  it("names fields with the labels of the record's own screen, and keeps an unknown name", () => {
    expect(auditFieldLabel(i18n, 'connection', 'greetingMessage')).toBe('Greeting message');
    expect(auditFieldLabel(i18n, 'settings', 'value')).toBe('Value');
    expect(auditFieldLabel(i18n, 'user', 'name')).toBe('Name');
    expect(auditFieldLabel(i18n, 'connection', 'tabs')).toBe('tabs');
    expect(auditFieldLabel(i18n, 'queue', 'noSuchField')).toBe('noSuchField');
  });

  it('translates them in every language', async () => {
    for (const language of Languages) {
      await i18n.changeLanguage(language);
      expect(auditSubject(i18n, 'settings', 'userRating'), language).not.toContain('userRating');
      expect(auditFieldLabel(i18n, 'connection', 'greetingMessage'), language).not.toBe(
        'greetingMessage',
      );
      expect(auditFieldLabel(i18n, 'settings', 'createdAt'), language).not.toBe('createdAt');
    }
    await i18n.changeLanguage('en');
  });
});
