import type { CompanySocketEventName, SocketPayloads } from '@sb/contracts';
import { useEffect, useRef } from 'react';
import { companyEventNames, followSocket } from './socket-cache.js';

/**
 * A component's listener to its company's socket `events` (spec 1 §7): it follows the app's current
 * socket (one opened later, by the shell or a new login, included) and leaves it on unmount. Nothing
 * is listened to without a company or while `enabled` is false; the latest `listener` is called.
 */
export const useCompanyEvents = <N extends CompanySocketEventName>(
  companyId: number | undefined,
  events: N,
  listener: (payload: SocketPayloads[N]) => void,
  enabled = true,
): void => {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (companyId === undefined || !enabled) return;
    return followSocket(companyEventNames(companyId, events), (payload: SocketPayloads[N]) =>
      latest.current(payload),
    );
  }, [companyId, events, enabled]);
};
