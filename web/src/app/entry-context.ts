import type { AuthResult } from '@sb/contracts';
import { createContext } from 'react';

/** A message for the logged-in app to show once its toaster exists (the login page has none). */
export type Notice = { kind: 'error' | 'warning'; text: string };

/** What the login page hands to the app it loads: the new session, where it lands, its notices. */
export type Handoff = { result: AuthResult; landing: string; notices: Notice[] };

/** How the login page (loaded on its own, entry.tsx) enters the app. */
export type Entry = {
  /** The login page's success: into the app (loaded now if it is not yet), logged in. */
  enterApp: (handoff: Handoff) => void;
};

export const EntryContext = createContext<Entry | null>(null);
