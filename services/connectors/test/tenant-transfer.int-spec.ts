import { randomUUID } from 'node:crypto';
import type { TenantImportRequest, TenantTableRef } from '@sb/contracts';
import { secretKeyringFromEnv } from '@sb/platform/secrets';
import {
  exportCompanyRows,
  importCompanyRows,
  parsePartLine,
  partLine,
  planCompanyTables,
  reserveIds,
  serialIdsOf,
  type IdMaps,
} from '@sb/platform/tenant';
import { openTestDataSource, type TestDataSource } from '@sb/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { BufferJSON, initAuthCreds } from '@whiskeysockets/baileys';
import {
  AuthCipher,
  configureSessionCipher,
  sessionEncryptionKey,
  usePostgresAuthState,
  WhatsappAuthRepository,
} from '../src/baileys/index.js';
import {
  configureConnectionSecrets,
  openCredentials,
  sealCredentials,
} from '../src/connections/connection-secrets.js';
import { connectorsMigrations } from '../src/migrations/index.js';
import { connectorsTenantPart as part } from '../src/tenant/connectors-tenant-part.js';

// A connection with its channel secrets and its Baileys pairing, exported from one installation and
// imported into another with other keys: the target opens the same credentials and the same auth
// state (so the session starts without a new QR code); its lease stays behind.

const sourceEnv = { JWT_SECRET: 'the source installation' };
const targetEnv = { JWT_SECRET: 'the target installation' };
const ringOf = (env: Record<string, string>) =>
  secretKeyringFromEnv(env, { salt: 'switchboard-connectors', info: 'channel-secrets/v1' });
const cipherOf = (env: Record<string, string>) => new AuthCipher(sessionEncryptionKey(env).key);
const sealState = (env: Record<string, string>, value: unknown) =>
  cipherOf(env).encrypt(JSON.stringify(value, BufferJSON.replacer));

describe("connectors' part: a connection and its pairing moved", () => {
  let source: TestDataSource;
  let target: TestDataSource;

  beforeAll(async () => {
    [source, target] = await Promise.all([
      openTestDataSource('move_from', { schema: 'connectors', migrations: connectorsMigrations }),
      openTestDataSource('move_to', { schema: 'connectors', migrations: connectorsMigrations }),
    ]);
    // the target's sequence is ahead, so the connection's id changes
    await target.dataSource.query(`SELECT setval('connectors.connections_id_seq', 500)`);
  }, 60_000);

  afterAll(async () => {
    configureSessionCipher(process.env);
    configureConnectionSecrets(process.env);
    await Promise.all([source?.close(), target?.close()]);
  });

  it('opens on export, seals with the target keys on import, and the target reads the same', async () => {
    const creds = initAuthCreds();
    const preKey = { private: Buffer.from([1, 2, 3]), public: Buffer.from([4, 5, 6]) };
    const credentials = { accessToken: 'EAAG-secret', phoneNumberId: '1055' };
    const [{ id: sourceId }] = await source.dataSource.query<{ id: number }[]>(
      `INSERT INTO connectors.connections (company_id, name, channel, status, qrcode, credentials)
       VALUES (7, 'Sales', 'whatsapp', 'CONNECTED', 'old-qr', $1) RETURNING id`,
      [sealCredentials(credentials, ringOf(sourceEnv))],
    );
    await source.dataSource.query(
      `INSERT INTO connectors.whatsapp_auth_creds (connection_id, company_id, value) VALUES ($1, 7, $2)`,
      [sourceId, sealState(sourceEnv, creds)],
    );
    await source.dataSource.query(
      `INSERT INTO connectors.whatsapp_auth_keys (connection_id, company_id, type, id, value)
       VALUES ($1, 7, 'pre-key', '1', $2)`,
      [sourceId, sealState(sourceEnv, preKey)],
    );
    await source.dataSource.query(
      `INSERT INTO connectors.session_leases (connection_id, company_id, holder, epoch, expires_at)
       VALUES ($1, 7, 'w-1', 3, now() + interval '1 minute')`,
      [sourceId],
    );

    configureSessionCipher(sourceEnv);
    configureConnectionSecrets(sourceEnv);
    const lines: string[] = [];
    await source.dataSource.transaction(async (manager) => {
      for await (const { table, row } of exportCompanyRows(
        manager,
        'connectors',
        7,
        part,
        (table, row) => part.exportRow!(table, row, { companyId: 7, manager }),
      )) {
        lines.push(partLine(table, row));
      }
    });
    const tables = lines.map((line) => line.split('\t')[0]);
    expect(tables).not.toContain('session_leases');
    // in clear inside the bundle (its own encryption carries it)
    expect(lines.join('')).toContain('EAAG-secret');

    configureSessionCipher(targetEnv);
    configureConnectionSecrets(targetEnv);
    const bundleId = randomUUID();
    const request: TenantImportRequest = {
      operationId: randomUUID(),
      bundleId,
      sourceCompanyId: 7,
      companyId: 12,
    };
    const targetId = await target.dataSource.transaction(async (manager) => {
      const plans = await planCompanyTables(manager, 'connectors', part);
      const idOf = serialIdsOf(plans);
      const ids = new Map<string, number[]>();
      for (const line of lines) {
        const { table, row } = parsePartLine(line.trimEnd());
        const id = idOf(table, row);
        if (id !== undefined) ids.set(table, [...(ids.get(table) ?? []), id]);
      }
      const own = await reserveIds(
        manager,
        'connectors',
        bundleId,
        ids,
        plans.map((p) => p.table),
      );
      const maps: IdMaps = new Map(
        [...own].map(([table, map]) => [`connectors.${table}` as TenantTableRef, map]),
      );
      for (const ref of ['tickets.queues', 'tickets.prompts', 'tickets.queue_integrations'])
        maps.set(ref as TenantTableRef, new Map());
      async function* rows() {
        for (const line of lines) yield parsePartLine(line.trimEnd());
      }
      const added = await importCompanyRows(manager, rows(), {
        schema: 'connectors',
        plans,
        policy: part,
        companyId: 12,
        sourceCompanyId: 7,
        maps,
        transform: (table, row, manager, extra) =>
          part.importRow!(table, row, {
            request,
            manager,
            app: {} as INestApplicationContext,
            ...extra,
          }),
      });
      expect(added).toEqual({ connections: 1, whatsapp_auth_creds: 1, whatsapp_auth_keys: 1 });
      return own.get('connections')!.get(sourceId)!;
    });
    expect(targetId).toBeGreaterThan(500);

    const [connection] = await target.dataSource.query<
      { company_id: number; qrcode: string | null; credentials: Record<string, string> }[]
    >('SELECT company_id, qrcode, credentials FROM connectors.connections WHERE id = $1', [
      targetId,
    ]);
    expect(connection!.company_id).toBe(12);
    expect(connection!.qrcode).toBeNull();
    expect(openCredentials(connection!.credentials, ringOf(targetEnv))).toEqual(credentials);

    // the target's sessions read the pairing with the target's key
    const { state } = await usePostgresAuthState({
      auth: new WhatsappAuthRepository(target.dataSource),
      cipher: cipherOf(targetEnv),
      companyId: 12,
      connectionId: targetId,
      epoch: 1n,
    });
    const asJson = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
    expect(asJson(state.creds)).toBe(asJson(creds));
    const keys = await state.keys.get('pre-key', ['1']);
    expect(asJson(keys['1'])).toBe(asJson(preKey));
  });

  it('refuses a connection whose API token another connection here has', async () => {
    const [{ id }] = await target.dataSource.query<{ id: number }[]>(
      `INSERT INTO connectors.connections (company_id, name, channel, token)
       VALUES (3, 'Theirs', 'whatsapp', 'shared-token') RETURNING id`,
    );
    const importConnection = (connectionId: number) =>
      target.dataSource.transaction((manager) =>
        Promise.resolve(
          part.importRow!(
            'connections',
            { id: connectionId, token: 'shared-token', credentials: null },
            {
              request: {
                operationId: randomUUID(),
                bundleId: randomUUID(),
                sourceCompanyId: 7,
                companyId: 12,
              },
              manager,
              app: {} as INestApplicationContext,
              maps: new Map(),
              source: {},
            },
          ),
        ),
      );
    await expect(importConnection(id + 1)).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    // the same connection imported again
    await expect(importConnection(id)).resolves.toMatchObject({ token: 'shared-token' });
  });
});
