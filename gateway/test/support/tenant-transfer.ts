import { randomUUID } from 'node:crypto';
import {
  Subjects,
  tenantBundleKey,
  tenantImportKey,
  type TenantOperationView,
} from '@sb/contracts';
import { operatorContext } from '@sb/platform/context';
import { streamToBuffer, type ObjectStorage } from '@sb/storage';
import { sleep } from './gateway-harness.js';
import type { RunningConversationStack } from './conversation-stack.js';

// What the tenant-transfer tests share: an operation asked of an installation's identity and
// followed to its end, and a bundle carried from one installation's storage to another's.

/** Asks identity of `stack` as the operator, and follows the operation to its end. */
export const operate = async (
  stack: RunningConversationStack,
  subject: string,
  data: unknown,
): Promise<TenantOperationView> => {
  const bus = stack.identityStack.buses.serviceBus;
  let operation = (await bus.request(
    subject,
    { ctx: operatorContext(), data },
    { timeoutMs: 30_000 },
  )) as TenantOperationView;
  for (let i = 0; i < 600 && operation.status === 'running'; i++) {
    await sleep(100);
    operation = await bus.request(Subjects.identity.tenantOperationGet, {
      ctx: operatorContext(),
      data: { id: operation.id },
    });
  }
  return operation;
};

/** The export's bundle copied where the target's import reads it (the operator's upload); its key. */
export const carryBundle = async (
  exported: TenantOperationView,
  from: ObjectStorage,
  to: ObjectStorage,
): Promise<string> => {
  const bundle = await streamToBuffer((await from.get(tenantBundleKey(exported.id))).stream);
  const bundleKey = tenantImportKey(randomUUID());
  await to.put(bundleKey, bundle, { contentType: 'application/octet-stream' });
  return bundleKey;
};
