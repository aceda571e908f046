/** What /config.js (served by the standalone server or by vite dev) puts on the window at run time. */
export type RuntimeConfig = {
  apiUrl?: string;
  turnstileSiteKey?: string;
  /** the operator's own legal pages, linked from the login page when set */
  termsUrl?: string;
  privacyUrl?: string;
  /** the operator's support chat (a WhatsApp or web chat link), opened by "call support" */
  supportUrl?: string;
};

declare global {
  // merging into the DOM's Window needs an interface
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __SWITCHBOARD__?: RuntimeConfig;
  }
}

const DefaultApiUrl = 'http://localhost:8080';

/** The gateway's base URL: runtime config first, so one build runs against any deployment. */
export const apiUrl = (): string =>
  (window.__SWITCHBOARD__?.apiUrl || import.meta.env.VITE_API_URL || DefaultApiUrl).replace(
    /\/+$/,
    '',
  );

/**
 * A signed `/media/…` path from the API as an absolute URL (the API may sit on another origin); full
 * URLs (S3 presigned) pass through.
 */
export const mediaUrl = (path: string | null | undefined): string | undefined =>
  !path ? undefined : /^https?:\/\//.test(path) ? path : `${apiUrl()}/${path.replace(/^\/+/, '')}`;

/** The Cloudflare Turnstile site key, or undefined when the server runs without a bot check. */
export const turnstileSiteKey = (): string | undefined =>
  window.__SWITCHBOARD__?.turnstileSiteKey || undefined;

/** The operator's support chat link (spec 2 §2 "call support"), or undefined when none is configured. */
export const supportChatUrl = (): string | undefined => {
  const url = window.__SWITCHBOARD__?.supportUrl;
  // only web links: config.js is the operator's, but a javascript: URL would run in the page
  return url && /^https?:\/\//i.test(url) ? url : undefined;
};
