import { z } from 'zod';
import { unowned } from '../refs/refs.js';

/** A free trial starts with this many days before the first due date (spec 1 §9). */
export const SignupTrialDays = 3;

const name = z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!');

/**
 * POST /auth/signup (spec 1 §5): shared by the /signup form and identity. Unknown keys such as the
 * legacy `companyId` or a `profile` are dropped: signup always creates a new company and its admin.
 */
export const SignupInput = z.object({
  name,
  companyName: name,
  email: z.string().trim().toLowerCase().pipe(z.email('Invalid email')),
  password: z.string().min(5, 'Too Short!').max(50, 'Too Long!'),
  phone: z
    .string('Required')
    .trim()
    .min(1, 'Required')
    .regex(/^\+?[\d\s().-]{8,30}$/, 'Invalid number')
    .refine((value) => value.replace(/\D/g, '').length <= 20, 'Invalid number'),
  planId: unowned(
    'plans are platform-wide',
    z.coerce.number('Required').int('Required').positive('Required'),
  ),
  'cf-turnstile-response': z.string().max(4096).optional(),
});
export type SignupInput = z.infer<typeof SignupInput>;
export type SignupForm = z.input<typeof SignupInput>;

/** identity.auth.signup request (the gateway has already checked the bot token). */
export type SignupRequest = Omit<SignupInput, 'cf-turnstile-response'>;
/** POST /auth/signup answer (201): the new company and its admin. */
export type SignupResult = { companyId: number; userId: number };
