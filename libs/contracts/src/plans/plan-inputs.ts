import { z } from 'zod';
import { PlanFlags, type PlanFlag, type PlanFlagValues } from './plan-flags.js';

const limit = z.coerce.number().int().min(0).max(1_000_000);

/** Money with at most 2 decimals, kept exact by rounding to cents once. */
const amount = z.coerce
  .number()
  .min(0)
  .max(99_999_999.99)
  .transform((value) => Math.round(value * 100) / 100);

const flagShape = Object.fromEntries(PlanFlags.map((flag) => [flag, z.boolean()])) as Record<
  PlanFlag,
  z.ZodBoolean
>;

/** The fields of a plan (spec 2 §3); PUT takes any of them. */
export const PlanUpdateInput = z
  .object({
    name: z.string().trim().min(1).max(120),
    users: limit,
    connections: limit,
    queues: limit,
    amount,
    isPublic: z.boolean(),
    ...flagShape,
  })
  .partial();
export type PlanUpdateInput = z.infer<typeof PlanUpdateInput>;

const defaultedFlags = Object.fromEntries(
  PlanFlags.map((flag) => [flag, z.boolean().default(true)]),
) as Record<PlanFlag, z.ZodDefault<z.ZodBoolean>>;

/** POST /plans: name and limits required; every flag and isPublic default to enabled. */
export const PlanInput = z.object({
  name: z.string().trim().min(1).max(120),
  users: limit,
  connections: limit,
  queues: limit,
  amount: amount.default(0),
  isPublic: z.boolean().default(true),
  ...defaultedFlags,
});
export type PlanInput = z.infer<typeof PlanInput>;

/**
 * A plan as the API answers it. `amount` is always a string with exactly 2 decimals ("49.90"), the
 * numeric(10,2) column as stored, so cents never drift through floats.
 */
export type PlanView = {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: string;
  isPublic: boolean;
} & PlanFlagValues;

/**
 * identity.plan.limits answer: what other services check before creating counted things, and the
 * company's standing for callers without a session token (the external messages API): `status` false is
 * an inactive company, `dueDate` is as in a session (ISO; the epoch when the company has none, i.e. due).
 */
export type PlanLimitsReply = {
  companyId: number;
  planId: number;
  limits: { users: number; connections: number; queues: number };
  flags: PlanFlagValues;
  status: boolean;
  dueDate: string;
};
/** identity.plan.limits request */
export type PlanLimitsRequest = { companyId: number };
/** identity.plan.update / delete request */
export type PlanUpdateRequest = PlanUpdateInput & { id: number };
export type PlanIdRequest = { id: number };
