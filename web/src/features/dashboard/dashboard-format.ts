/** Minutes shown as hours:minutes (the cards of spec 2 §3): 75.5 → "01:15". */
export const hoursMinutes = (minutes: number): string => {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  return `${String(hours).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};

/** The filter's default start: the first day of the month of `today` (`YYYY-MM-DD`; spec 2 §9). */
export const firstDayOfMonth = (today: string): string => `${today.slice(0, 8)}01`;

/**
 * Runs `fn` at most once per `intervalMs` however often `trigger` is called: the first call runs at
 * once and one more run follows at the end of the window (the socket's ticket event can arrive before
 * the reporting projection applied it; the trailing run picks the change up), later triggers within the
 * window fold into that trailing run (live updates without storms).
 */
export function coalesce(fn: () => void, intervalMs = 1000) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  return {
    trigger() {
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) {
        run();
        timer = setTimeout(run, intervalMs);
      } else timer = setTimeout(run, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
