import { z } from 'zod';
import { unowned } from '../refs/refs.js';

/** A code lives 5 minutes and allows 3 attempts (spec 3 §4, §9). */
export const ResetCodeTtlMs = 5 * 60 * 1000;
export const ResetMaxAttempts = 3;
/** After a verified code, the new password must be saved within this time. */
export const ResetTokenTtlMs = 10 * 60 * 1000;
/** The page goes back to /login this long after "attempts exceeded" (spec 3 §4). */
export const ResetRedirectDelayMs = 3000;

/** Keeps the digits of a phone number: "+55 (11) 9999-0000" and "551199990000" are one number. */
export const phoneDigits = (value: string): string => value.replace(/\D/g, '');

/** POST /api/enviar-email: the messaging number of the account (the user's `wpp`). */
export const ResetRequestInput = z.object({
  wpp: z
    .string('Required')
    .trim()
    .regex(/^\+?[\d\s().-]{8,30}$/, 'Invalid number')
    .transform(phoneDigits)
    .refine((digits) => digits.length >= 8 && digits.length <= 20, 'Invalid number'),
});
export type ResetRequestInput = z.infer<typeof ResetRequestInput>;
/**
 * The answer is the same whether or not the number has an account: an opaque id of this reset
 * request, never the user id (which would reveal that the account exists).
 */
export type ResetRequestReply = { requestId: string };

/** GET /api/verificar-code/:requestId?code=XXXXXX */
export const ResetVerifyInput = z.object({
  requestId: unowned('the reset request of an anonymous caller', z.uuid('Invalid request')),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digits'),
});
export type ResetVerifyInput = z.infer<typeof ResetVerifyInput>;
/** The code itself is never returned: a short-lived token bound to that user instead. */
export type ResetVerifyReply = { verified: true; resetToken: string };

/** PUT /api/atualizar-senha */
export const PasswordUpdateInput = z.object({
  resetToken: z.string().min(16).max(200),
  newPassword: z.string().min(5, 'Too Short!').max(50, 'Too Long!'),
});
export type PasswordUpdateInput = z.infer<typeof PasswordUpdateInput>;
export type PasswordUpdateReply = { updated: true };

/**
 * connectors.notification.send: a text to a number through the company's default connection.
 * Answered by the connectors service; nobody answering means 503 ERR_SERVICE_UNAVAILABLE.
 */
export type NotificationSendRequest = { companyId: number; to: string; body: string };
export type NotificationSendReply = { sent: true };
