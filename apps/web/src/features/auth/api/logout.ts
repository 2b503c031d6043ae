import { call } from '../../../lib/api';

/** Ends the session on the server. Silent: the user is logged out locally whatever it answers. */
export function logout(): Promise<null> {
  return call('logout', undefined, { silent: true });
}
