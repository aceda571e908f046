import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, AppProviders } from './app/app.js';
import { initColorMode } from './app/color-mode.js';
import { initI18n } from './app/i18n.js';
import { reloadOnStaleChunk } from './app/stale-chunks.js';
import { createStore } from './app/store.js';

initColorMode();
reloadOnStaleChunk();

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders store={createStore()}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
