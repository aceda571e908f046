/** Whether `zone` is an IANA time zone this runtime knows. */
const isKnownZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The zone a company's reports are read in: its own where it sets a known one, else the installation's
 * report zone (REPORT_TIME_ZONE, else spec 2's America/Sao_Paulo).
 */
export const reportTimeZone = (
  companyZone: string | null | undefined,
  fallback: string,
): string => {
  const own = companyZone?.trim();
  return own && isKnownZone(own) ? own : fallback;
};
