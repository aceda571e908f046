import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initColorMode } from './lib/color-mode.js';
import { Root } from './app/entry.js';
import { initI18n } from './app/i18n.js';
import { reloadOnStaleChunk } from './app/stale-chunks.js';
import { whenIdle } from './lib/when-idle.js';

initColorMode();
reloadOnStaleChunk();
// built releases only: the dev server has no sw.js (the build writes it)
if (import.meta.env.PROD) {
  // once the first screen is up: the registration must not compete with its scripts
  window.addEventListener(
    'load',
    () =>
      whenIdle(() => void import('./app/service-worker.js').then((m) => m.registerServiceWorker())),
    { once: true },
  );
}

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <Root />
      </BrowserRouter>
    </StrictMode>,
  );
});
