import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api.js';
import { loggedOut, sessionSlice } from '../features/auth/session.slice.js';
import { maintenanceEnded, maintenanceSlice } from '../features/maintenance/maintenance.slice.js';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionSlice.reducer,
  maintenance: maintenanceSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Nothing cached for one user may be shown to the next one. (A plain middleware: RTK's listener
 * middleware would add 3 kB to every page for this one rule.)
 */
const resetCacheOnLogout: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (loggedOut.match(action)) {
    api.dispatch(baseApi.util.resetApiState());
    api.dispatch(maintenanceEnded());
  }
  return result;
};

export const createStore = (preloadedState?: Partial<RootState>) =>
  configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(resetCacheOnLogout).concat(baseApi.middleware),
  });

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
