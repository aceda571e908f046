import { AppError } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';

// What an imported company takes of this installation: the import's transaction runs these, as
// identity's part maps the company row (identity-tenant-part.ts).

/**
 * The plan an imported company takes: the platform's plans are not the company's, so the bundle's
 * plan id is kept when this installation has a plan with that id, else the company takes this
 * installation's first plan (plan_id is NOT NULL); super changes it afterwards if it is not right.
 */
export async function planOnImport(manager: EntityManager, sourcePlanId: unknown): Promise<number> {
  const [plan] = await manager.query<{ id: number }[]>(
    `SELECT id FROM identity.plans ORDER BY (id = $1) DESC, id LIMIT 1`,
    [typeof sourcePlanId === 'number' ? sourcePlanId : 0],
  );
  if (!plan) {
    throw new AppError('ERR_VALIDATION', {
      message: 'this installation has no plan: create one before importing a company',
    });
  }
  return plan.id;
}

/**
 * The name an imported company takes: the one the import asks for, else the bundle's; refused when
 * another company of this installation has it (the name is unique, and a company row skipped as a
 * duplicate would leave the import without its company).
 */
export async function nameOnImport(
  manager: EntityManager,
  companyId: number,
  bundleName: string,
  asked: string | undefined,
): Promise<string> {
  const name = asked ?? bundleName;
  const [taken] = await manager.query<unknown[]>(
    'SELECT 1 FROM identity.companies WHERE name = $1 AND id <> $2',
    [name, companyId],
  );
  if (taken) {
    throw new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS', {
      message: `a company named "${name}" exists in this installation: import with another name`,
    });
  }
  return name;
}

/**
 * An imported user's e-mail, refused when a user of another company here has it: e-mails are unique
 * over the installation (they sign in), and a user row skipped as a duplicate would break the import.
 */
export async function refuseTakenEmail(
  manager: EntityManager,
  userId: number,
  email: string,
): Promise<void> {
  const [taken] = await manager.query<unknown[]>(
    'SELECT 1 FROM identity.users WHERE email = $1 AND id <> $2',
    [email, userId],
  );
  if (taken) {
    throw new AppError('ERR_EMAIL_ALREADY_EXISTS', {
      message: `a user with e-mail ${email} exists in this installation: the company cannot be imported`,
    });
  }
}
