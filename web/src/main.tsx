import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initColorMode } from './app/color-mode.js';
import { Root } from './app/entry.js';
import { initI18n } from './app/i18n.js';
import { reloadOnStaleChunk } from './app/stale-chunks.js';

initColorMode();
reloadOnStaleChunk();

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <Root />
      </BrowserRouter>
    </StrictMode>,
  );
});
