import type { AuthResult, SessionUser } from '@sb/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storedToken } from '../../lib/browser-storage.js';

/**
 * restoring: a token is stored and the refresh that restores the session is in flight;
 * the guards wait for it rather than bouncing the visitor to /login.
 */
export type SessionStatus = 'restoring' | 'anonymous' | 'authenticated';

/**
 * landing: where a fresh login goes (/tickets, or the expiry notice); the public-page guard sends the
 * now logged-in visitor there instead of /, once.
 */
export type SessionState = { status: SessionStatus; user: SessionUser | null; landing?: string };

export const initialSessionState = (): SessionState => ({
  status: storedToken() ? 'restoring' : 'anonymous',
  user: null,
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn: (_state, action: PayloadAction<AuthResult & { landing?: string }>): SessionState => ({
      status: 'authenticated',
      user: action.payload.user,
      ...(action.payload.landing ? { landing: action.payload.landing } : {}),
    }),
    landingReached: (state) => {
      delete state.landing;
    },
    loggedOut: (): SessionState => ({ status: 'anonymous', user: null }),
    /** A newer copy of the logged-in user (refresh, socket update, PUT /users/:id). */
    userUpdated: (state, action: PayloadAction<SessionUser>) => {
      if (state.user && state.user.id === action.payload.id) state.user = action.payload;
    },
  },
});

export const { loggedIn, loggedOut, userUpdated, landingReached } = sessionSlice.actions;

export const selectSession = (state: { session: SessionState }) => state.session;
export const selectUser = (state: { session: SessionState }) => state.session.user;
