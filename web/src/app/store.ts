import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api.js';
import { loggedOut, sessionSlice } from '../features/auth/session.slice.js';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export const createStore = (preloadedState?: Partial<RootState>) => {
  const listener = createListenerMiddleware();
  // Nothing cached for one user may be shown to the next one.
  listener.startListening({
    actionCreator: loggedOut,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.resetApiState());
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(listener.middleware).concat(baseApi.middleware),
  });
};

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
