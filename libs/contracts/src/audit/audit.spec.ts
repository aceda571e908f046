import { AuditLogQuery, AuditMaskedSecret, auditActorOf, maskAuditSnapshot } from './audit.js';

describe('maskAuditSnapshot', () => {
  it('masks tokens, passwords and keys at any depth, keeps ids and empty values readable', () => {
    expect(
      maskAuditSnapshot({
        id: 4,
        token: 'ext-api',
        password: 'changed',
        apiKey: 'sk-...cdef',
        voiceKey: '',
        credentials: { phoneNumberId: '555', accessToken: 'EAAB', appSecret: 's' },
        list: [{ pageAccessToken: 'p', pageId: '9' }],
        name: 'Cloud',
      }),
    ).toEqual({
      id: 4,
      token: AuditMaskedSecret,
      password: AuditMaskedSecret,
      apiKey: AuditMaskedSecret,
      voiceKey: '',
      credentials: {
        phoneNumberId: '555',
        accessToken: AuditMaskedSecret,
        appSecret: AuditMaskedSecret,
      },
      list: [{ pageAccessToken: AuditMaskedSecret, pageId: '9' }],
      name: 'Cloud',
    });
  });

  it('masks the value of a secret setting only', () => {
    const secret = (record: Record<string, unknown>) => record.key === 'asaas';
    expect(maskAuditSnapshot({ key: 'asaas', value: 'tok' }, secret)).toEqual({
      key: 'asaas',
      value: AuditMaskedSecret,
    });
    expect(maskAuditSnapshot({ key: 'userRating', value: 'enabled' }, secret)).toEqual({
      key: 'userRating',
      value: 'enabled',
    });
    expect(maskAuditSnapshot(null)).toBeNull();
  });
});

describe('audit contracts', () => {
  it('takes the actor from the request context, a super user flagged', () => {
    expect(
      auditActorOf({
        userId: 3,
        profile: 'admin',
        super: true,
        clientIp: '10.0.0.1',
        userAgent: 'x',
      }),
    ).toEqual({
      actorUserId: 3,
      actorProfile: 'admin',
      actorSuper: true,
      ip: '10.0.0.1',
      userAgent: 'x',
    });
    expect(auditActorOf({ userId: 3, profile: 'user' })).toMatchObject({
      ip: null,
      userAgent: null,
    });
  });

  it('validates the list query', () => {
    expect(AuditLogQuery.parse({ pageNumber: '2', entity: 'user', from: '' })).toMatchObject({
      pageNumber: 2,
      entity: 'user',
      from: undefined,
    });
    expect(AuditLogQuery.safeParse({ from: 'yesterday' }).success).toBe(false);
    expect(AuditLogQuery.safeParse({ action: 'rename' }).success).toBe(false);
  });
});
