import type { CompaniesPage, CompanyRecordView, CompanyStorage } from '@sb/contracts';
import { createStorage } from '@sb/storage';
import { signAccessToken } from './support/gateway-harness.js';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// GET /companies over every service: each company's storage is what every service measured of it, its
// rows and their bytes, with the bytes of the objects below its storage prefix (tickets weighs them).

describe('storage per company over every service', () => {
  let stack: RunningConversationStack;
  let superToken: string;

  const companyOf = async (companyId: number): Promise<CompanyRecordView> => {
    const res = await fetch(`${stack.gatewayUrl}/companies`, {
      headers: { authorization: `Bearer ${superToken}` },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as CompaniesPage;
    const company = page.companies.find((listed) => listed.id === companyId);
    expect(company).toBeDefined();
    return company!;
  };

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'company_usage',
      campaigns: true,
      reporting: true,
      env: { COMPANY_USAGE_POLL_MS: '0' },
    });
    superToken = await signAccessToken({ sub: '1', cid: 1, super: true, profile: 'admin' });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 30_000);

  it('shows the rows of a company with a conversation and the bytes of its media', async () => {
    const { companyId } = stack;
    const before = (await companyOf(companyId)).storage;
    // the company, its admin and agent, its connection and settings are rows already
    expect(before).not.toBeNull();
    expect(before!.rows).toBeGreaterThan(0);
    expect(before!.bytes).toBeGreaterThan(0);
    expect(before!.mediaBytes).toBe(0);

    const bia = stack.conversation({ number: '5511990002001', name: 'Bia' });
    await bia.run(`
      contact says Olá
      agent accepts
      agent says Oi Bia
    `);
    const storage = await createStorage({ MEDIA_DIR: stack.mediaDir });
    const object = { contentType: 'application/octet-stream' };
    await storage.put(`company-${companyId}/media/a.bin`, Buffer.alloc(3_000), object);
    await storage.put(`company-${companyId}/media/b.bin`, Buffer.alloc(1_234), object);
    await storage.put('company-1/media/platform.bin', Buffer.alloc(99), object);

    const after: CompanyStorage = (await companyOf(companyId)).storage!;
    // the contact, the ticket, its messages: more rows in tickets, and bytes with them
    expect(after.rows).toBeGreaterThan(before!.rows + 3);
    expect(after.bytes).toBeGreaterThan(before!.bytes);
    expect(after.mediaBytes).toBe(3_000 + 1_234);
    // the platform company's object is its own
    expect((await companyOf(1)).storage).toMatchObject({ mediaBytes: 99 });
  }, 60_000);
});
