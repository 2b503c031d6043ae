import { api } from '../../../lib/api';

/** Ends the session on the server. Silent: the user is logged out locally whatever it answers. */
export function logout(): Promise<unknown> {
  return api.post('/v1/logout', {}, { silent: true });
}
