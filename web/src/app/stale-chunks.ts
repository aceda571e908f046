const ReloadedAtKey = 'staleChunkReloadAt';
const MinReloadIntervalMs = 30_000;

/**
 * Pages load as chunks named by their content hash. A tab left open across a new release asks for
 * chunks the server no longer has: load the new release instead of failing, at most once in 30 s so an
 * unreachable server does not make the page reload in a loop.
 */
export const reloadOnStaleChunk = () => {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      const last = Number(sessionStorage.getItem(ReloadedAtKey) ?? 0);
      if (Date.now() - last < MinReloadIntervalMs) return;
      sessionStorage.setItem(ReloadedAtKey, String(Date.now()));
    } catch {
      return;
    }
    event.preventDefault();
    window.location.reload();
  });
};
