import {
  CompanySettingKeys,
  PlatformSettingKeys,
  SettingDefaults,
  SettingDefinitions,
  SettingKeys,
  SettingTextMaxLength,
  SettingUpdateInput,
  resolveSettings,
  retentionDaysOf,
  settingValueSchema,
} from './setting-definitions.js';

describe('settings', () => {
  it('has every setting of spec 2 §9 and BEHAVIOUR.md §2', () => {
    const expected = [
      'userCreation',
      'userRating',
      'scheduleType',
      'chatBotType',
      'acceptCallWhatsapp',
      'userRandom',
      'sendGreetingMessageOneQueues',
      'sendSignMessage',
      'sendFarewellWaitingTicket',
      'sendGreetingAccepted',
      'sendQueuePosition',
      'acceptAudioMessageContact',
      'enableLGPD',
      'requiredTag',
      'sendMsgTransfTicket',
      'lgpdMessage',
      'lgpdLink',
      'lgpdDeleteMessage',
      'lgpdConsent',
      'lgpdHideNumber',
      'sendMessageOutExpedientTicketOpen',
      'asaas',
      'ixc',
      'mkauth',
      'campaignsEnabled',
      'messageRetentionDays',
    ];
    expect([...SettingKeys].sort()).toEqual([...expected].sort());
  });

  it('keeps every default among its allowed values', () => {
    for (const key of SettingKeys) {
      expect(settingValueSchema(key).safeParse(SettingDefaults[key]).success).toBe(true);
    }
  });

  it('uses the expected defaults', () => {
    expect(SettingDefaults).toMatchObject({
      scheduleType: 'disabled',
      userRating: 'disabled',
      chatBotType: 'text',
      sendSignMessage: 'enabled',
      lgpdHideNumber: 'disabled',
      requiredTag: 'disabled',
      sendGreetingAccepted: 'disabled',
      lgpdMessage: '',
    });
  });

  it('makes userCreation a super-only platform setting and the rest company settings', () => {
    expect(SettingDefinitions.userCreation).toMatchObject({ scope: 'platform', superOnly: true });
    expect(PlatformSettingKeys).toEqual(['userCreation']);
    expect(CompanySettingKeys).toHaveLength(SettingKeys.length - 1);
    expect(CompanySettingKeys).not.toContain('userCreation');
  });

  it('validates values per key', () => {
    expect(settingValueSchema('scheduleType').safeParse('queue').success).toBe(true);
    expect(settingValueSchema('scheduleType').safeParse('enabled').success).toBe(false);
    expect(settingValueSchema('requiredTag').safeParse('enabled').success).toBe(true);
    expect(settingValueSchema('requiredTag').safeParse('true').success).toBe(false);
    expect(settingValueSchema('requiredTag').safeParse(true).success).toBe(false);
    expect(settingValueSchema('chatBotType').safeParse('button').success).toBe(false);
    expect(settingValueSchema('lgpdMessage').safeParse('We keep your data safe.').success).toBe(
      true,
    );
    expect(
      settingValueSchema('lgpdMessage').safeParse('x'.repeat(SettingTextMaxLength + 1)).success,
    ).toBe(false);
  });

  it('takes a retention period of whole days within its range, or empty or 0 for off', () => {
    const valid = (value: string) =>
      settingValueSchema('messageRetentionDays').safeParse(value).success;
    expect(SettingDefaults.messageRetentionDays).toBe('');
    for (const value of ['', '0', '30', '365', '3650']) expect(valid(value)).toBe(true);
    for (const value of ['29', '3651', '30.5', '-30', ' 30', 'abc', '1e3']) {
      expect(valid(value)).toBe(false);
    }
    expect(retentionDaysOf('')).toBeNull();
    expect(retentionDaysOf('0')).toBeNull();
    expect(retentionDaysOf('90')).toBe(90);
    expect(retentionDaysOf('12')).toBeNull();
  });

  it('validates update bodies and names the failing field', () => {
    expect(SettingUpdateInput.parse({ key: 'userRating', value: 'enabled' })).toEqual({
      key: 'userRating',
      value: 'enabled',
    });
    const badValue = SettingUpdateInput.safeParse({ key: 'userRating', value: 'maybe' });
    expect(badValue.success).toBe(false);
    expect(badValue.error?.issues[0]?.path).toEqual(['value']);
    const badKey = SettingUpdateInput.safeParse({ key: 'hasOwnProperty', value: 'enabled' });
    expect(badKey.error?.issues[0]?.path).toEqual(['key']);
    expect(SettingUpdateInput.safeParse({ key: 'userRating' }).success).toBe(false);
  });

  it('resolves stored rows over the defaults, dropping unknown keys and stale values', () => {
    const resolved = resolveSettings([
      { key: 'userRating', value: 'enabled' },
      { key: 'scheduleType', value: 'weekly' },
      { key: 'unknown', value: 'x' },
      { key: 'lgpdLink', value: 'https://example.com/privacy' },
    ]);
    expect(resolved.userRating).toBe('enabled');
    expect(resolved.scheduleType).toBe('disabled');
    expect(resolved.lgpdLink).toBe('https://example.com/privacy');
    expect(resolved).not.toHaveProperty('unknown');
    expect(Object.keys(resolved)).toHaveLength(SettingKeys.length);
  });
});
