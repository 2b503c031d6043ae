import * as api from '@portal/contract/routes/auth';
import { call } from '../../../lib/api';

/** Ends the session on the server. Silent: the user is logged out locally whatever it answers. */
export function logout(): Promise<null> {
  return call(api.logout, undefined, { silent: true });
}
