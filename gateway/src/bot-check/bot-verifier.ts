import type { Logger } from '@sb/platform/logger';

/** Decides whether a login comes from a person: the token the web app's widget produced, and the IP. */
export type BotVerifier = {
  readonly enabled: boolean;
  verify(token: string | undefined, remoteIp?: string): Promise<boolean>;
};

/** Used when no TURNSTILE_SECRET is configured (local runs, tests): every login passes. */
export class AlwaysPassBotVerifier implements BotVerifier {
  readonly enabled = false;
  async verify(): Promise<boolean> {
    return true;
  }
}

export type TurnstileVerifierOptions = {
  secret: string;
  verifyUrl: string;
  logger: Logger;
  timeoutMs?: number;
};

/**
 * Cloudflare Turnstile: POSTs the widget token to siteverify. Fails closed: a network error or an
 * unexpected answer counts as a failed check (logged), never as a pass.
 */
export class TurnstileBotVerifier implements BotVerifier {
  readonly enabled = true;

  constructor(private readonly options: TurnstileVerifierOptions) {}

  async verify(token: string | undefined, remoteIp?: string): Promise<boolean> {
    if (!token) return false;
    const form = new URLSearchParams({ secret: this.options.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    try {
      const res = await fetch(this.options.verifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
      if (!res.ok) {
        this.options.logger.warn({ status: res.status }, 'bot check: siteverify answered an error');
        return false;
      }
      const answer = (await res.json()) as { success?: unknown; 'error-codes'?: unknown };
      if (answer.success !== true) {
        this.options.logger.info({ codes: answer['error-codes'] }, 'bot check failed');
        return false;
      }
      return true;
    } catch (err) {
      this.options.logger.warn({ err }, 'bot check: siteverify unreachable');
      return false;
    }
  }
}

/** Turnstile when a secret is set; otherwise the always-pass verifier and one warning saying so. */
export const createBotVerifier = (
  env: { TURNSTILE_SECRET?: string; TURNSTILE_VERIFY_URL: string },
  logger: Logger,
): BotVerifier => {
  if (env.TURNSTILE_SECRET) {
    return new TurnstileBotVerifier({
      secret: env.TURNSTILE_SECRET,
      verifyUrl: env.TURNSTILE_VERIFY_URL,
      logger,
    });
  }
  logger.warn(
    'bot check is off: TURNSTILE_SECRET is not set, every login passes without Turnstile',
  );
  return new AlwaysPassBotVerifier();
};
