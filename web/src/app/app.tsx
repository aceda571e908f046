import { ChakraProvider } from '@chakra-ui/react';
import { Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SessionRestore } from '../features/auth/session-restore.js';
import { FullPageSpinner } from '../components/full-page-spinner.js';
import { AppToaster } from '../components/toaster.js';
import { AppRoutes } from './router.js';
import type { AppStore } from './store.js';
import { system } from './chakra-system.js';
import { UpdateNotice } from './update-notice.js';

/** Providers around the routes; the router itself is given by the caller (browser or memory). */
export const AppProviders = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <Provider store={store}>
    <ChakraProvider value={system}>
      {children}
      <AppToaster />
      <UpdateNotice />
    </ChakraProvider>
  </Provider>
);

export const App = () => (
  <SessionRestore>
    {/* the shell and public pages load in their own chunks */}
    <Suspense fallback={<FullPageSpinner />}>
      <AppRoutes />
    </Suspense>
  </SessionRestore>
);
