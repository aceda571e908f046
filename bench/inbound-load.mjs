// Inbound Cloud API traffic as the inbound bench drives it, shared with the benches that need that load
// in the background (reporting): identity standing in on the bus, Cloud API connections, signed webhook
// posts over kept-alive connections, and a paced sender.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

export const inboundAppSecret = 'bench-inbound-secret';
export const benchJwtSecret = 'bench-secret-bench-secret-bench-secret';

const { Subjects } = await import('@sb/contracts');
const { cloudWebhooks, signMetaBody } = await import('@sb/testing/channel-emulator');

/**
 * identity stands in: a plan allowing every channel, company settings (`disabled` lists the keys
 * answered 'disabled', the others are 'enabled'), no company hours, users named by their id.
 */
export async function standInIdentity(bus, { disabled = ['lgpdHideNumber'] } = {}) {
  await bus.handle(Subjects.identity.planLimits, async ({ data }) => ({
    companyId: data.companyId,
    planId: 1,
    limits: { users: 10, connections: 20, queues: 10 },
    flags: { useWhatsapp: true, useFacebook: true, useInstagram: true },
  }));
  await bus.handle(Subjects.identity.companySettingOne, async ({ data }) => ({
    key: data.key,
    value: disabled.includes(data.key) ? 'disabled' : 'enabled',
  }));
  // the bot reads every company setting and the company hours: defaults, no hours set
  await bus.handle(Subjects.identity.companySettingsList, async () => []);
  await bus.handle(Subjects.identity.companySchedulesGet, async ({ data }) => ({
    id: data.id,
    schedules: [],
  }));
  await bus.handle(Subjects.identity.userGet, async ({ data }) => ({
    id: data.id,
    name: `Agent ${data.id}`,
  }));
  await bus.handle(Subjects.identity.userPresence, async () => ({ ok: true }));
}

/** `perCompany` Cloud API connections for each of companies 1..`companies`; their phone number ids. */
export async function createCloudConnections(bus, { companies, perCompany }) {
  const numbers = [];
  for (let company = 1; company <= companies; company += 1) {
    const ctx = {
      companyId: company,
      userId: 1,
      profile: 'admin',
      super: false,
      requestId: 'b',
      lang: 'en',
    };
    for (let n = 0; n < perCompany; n += 1) {
      const phoneNumberId = String(9_000_000 + company * 100 + n);
      await bus.request('connectors.connection.create', {
        ctx,
        data: {
          name: `Bench ${company}-${n}`,
          channel: 'whatsappapi',
          credentials: { phoneNumberId, accessToken: `token-${phoneNumberId}` },
        },
      });
      numbers.push(phoneNumberId);
    }
  }
  return numbers;
}

/** An access token as identity would sign it (user 1 of the company unless said otherwise). */
export function signAccessToken({ companyId, userId = 1, profile = 'admin', superUser = false }) {
  return new SignJWT({
    sub: String(userId),
    cid: companyId,
    profile,
    super: superUser,
    sid: randomUUID(),
    lang: 'en',
    flags: [],
    due: '2999-12-31T00:00:00.000Z',
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(benchJwtSecret));
}

/**
 * Posts signed text webhooks to `<gatewayUrl>/webhooks/meta` over kept-alive connections (node:http:
 * fetch costs the shared cores several times more per request than the webhook it sends).
 * `post({ phoneNumberId, from, text, id })` resolves to the HTTP status.
 */
export function webhookPoster(gatewayUrl, appSecret = inboundAppSecret) {
  const webhookUrl = `${gatewayUrl}/webhooks/meta`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const send = (raw, signature) =>
    new Promise((resolve, reject) => {
      const request = http.request(
        webhookUrl,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(raw),
            'x-hub-signature-256': signature,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(raw);
    });
  return {
    post: ({ phoneNumberId, from, text, id }) => {
      const raw = JSON.stringify(cloudWebhooks.text({ phoneNumberId, from, text, id }));
      return send(raw, signMetaBody(appSecret, raw));
    },
    close: () => agent.destroy(),
  };
}

/**
 * Calls `sendOne(i)` `rate` times a second for `seconds` (or until `shouldStop()`), without waiting
 * for the answers between sends; resolves once every call started has settled.
 */
export async function paceAt(rate, seconds, sendOne, shouldStop = () => false) {
  const inflight = new Set();
  const begin = performance.now();
  const total = Math.round(rate * seconds);
  let i = 0;
  for (; i < total && !shouldStop(); i += 1) {
    const due = begin + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const promise = Promise.resolve()
      .then(() => sendOne(i))
      .catch(() => undefined);
    inflight.add(promise);
    void promise.finally(() => inflight.delete(promise));
  }
  await Promise.all(inflight);
  return { sent: i, seconds: (performance.now() - begin) / 1000 };
}

/** Until the gateway answers and each of `services` answers its health check on the bus. */
export async function waitUntilReady(bus, url, children, services, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  const ctx = {
    companyId: 1,
    userId: 1,
    profile: 'admin',
    super: false,
    requestId: 'b',
    lang: 'en',
  };
  let last = 'no answer';
  while (Date.now() < deadline) {
    const dead = children.find((child) => child.hasExited());
    if (dead) throw new Error(`${dead.name} exited:\n${dead.output()}`);
    try {
      const response = await fetch(`${url}/webhooks/meta`);
      await response.arrayBuffer();
      for (const service of services)
        await bus.request(Subjects[service].health, { ctx, data: {} }, { timeoutMs: 1000 });
      return;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `services not ready within ${timeoutMs} ms: ${last}\n${children.map((c) => c.output()).join('\n')}`,
  );
}
