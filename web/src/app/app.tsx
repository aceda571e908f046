import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SessionRestore } from '../features/auth/session-restore.js';
import { AppToaster } from '../components/toaster.js';
import { AppRoutes } from './router.js';
import type { AppStore } from './store.js';
import { system } from './theme.js';

/** Providers around the routes; the router itself is given by the caller (browser or memory). */
export const AppProviders = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <Provider store={store}>
    <ChakraProvider value={system}>
      {children}
      <AppToaster />
    </ChakraProvider>
  </Provider>
);

export const App = () => (
  <SessionRestore>
    <AppRoutes />
  </SessionRestore>
);
