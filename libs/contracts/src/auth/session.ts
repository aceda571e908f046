import { z } from 'zod';
import type { UserProfile } from '../access/profiles.js';
import type { PlanFlag, PlanFlagValues } from '../plans/plan-flags.js';
import { Languages, type Language } from './languages.js';

/** POST /auth/login body. The turnstile field is checked only when the bot check is configured. */
export const LoginInput = z.object({
  email: z.string().trim().pipe(z.email()),
  password: z.string().min(1),
  'cf-turnstile-response': z.string().optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** PUT /users/:id body (the user's own preferences for now; admin fields come with user management). */
export const UserUpdateInput = z.object({
  language: z.enum(Languages).optional(),
});
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;

export type SessionQueue = { id: number; name: string; color: string };

export type SessionPlan = { id: number; name: string } & PlanFlagValues;

export type SessionCompany = {
  id: number;
  name: string;
  /** ISO date-time */
  dueDate: string;
  status: boolean;
  planId: number;
  plan: SessionPlan;
  companieSettings: { key: string; value: string }[];
};

/** The logged-in user as the web app sees it (spec 1 §3 Session user). */
export type SessionUser = {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: UserProfile;
  super: boolean;
  profileImage: string | null;
  language: Language | null;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  whatsappId: number | null;
  queues: SessionQueue[];
  /** HH:mm */
  startWork: string;
  /** HH:mm */
  endWork: string;
  farewellMessage: string | null;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  wpp: string | null;
  company: SessionCompany;
};

/** HTTP answer of POST /auth/login and POST /auth/refresh_token. */
export type AuthResult = { token: string; user: SessionUser };

/** What identity answers to login and refresh; the gateway keeps the refresh token in the cookie. */
export type IssuedSession = {
  accessToken: string;
  refreshToken: string;
  /** ISO date-time */
  refreshExpiresAt: string;
  sessionId: string;
  user: SessionUser;
};

/** Claims of the HS256 access token: identity signs, the gateway verifies. */
export type AccessTokenClaims = {
  /** user id, as a string (JWT convention) */
  sub: string;
  cid: number;
  profile: UserProfile;
  super: boolean;
  /** session id: a revoked session invalidates its access tokens */
  sid: string;
  lang: string;
  /** the enabled plan flags */
  flags: PlanFlag[];
  /** company due date, ISO */
  due: string;
};

/** The refresh-token cookie: httpOnly, sameSite lax, sent only to the auth routes. */
export const RefreshCookie = { name: 'jrt', path: '/auth' } as const;
