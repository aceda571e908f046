import { ApiRoutes, type AuthResult, type LoginInput } from '@sb/contracts';
import { apiUrl } from '../../app/runtime-config.js';

/**
 * POST /auth/login with a plain fetch: the login page loads before RTK Query (issue 14). A failure is
 * thrown in RTK Query's shape ({ status, data }) so errorMessage() reads it the same way.
 */
export const requestLogin = async (input: LoginInput): Promise<AuthResult> => {
  let response: Response;
  try {
    response = await fetch(`${apiUrl()}${ApiRoutes.auth.login}`, {
      method: 'POST',
      // the refresh token comes back as a cookie
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch (error) {
    throw { status: 'FETCH_ERROR', error: String(error) };
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the text as it came
  }
  if (!response.ok) throw { status: response.status, data };
  return data as AuthResult;
};
