// A new user of /bind_user (docs/decisions/0019): the user row with its password hash, written
// through this module's repo inside the registration's transaction, and the session that logs
// them in afterwards. The registration's rules (codes, limits, invitations) live in
// modules/registration.
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import * as repo from './repo';
import { createSession } from './session';

/** Creates the user; null when the mobile is taken (by an SMS login or a registration that won a race). */
export async function createRegisteredUser(
  trx: Executor,
  u: { mobile: string; agentId: number; passwordHash: string; at: string },
): Promise<number | null> {
  if (await repo.userByMobile(trx, u.mobile)) return null;
  await repo.insertUserIfAbsent(trx, u.mobile, u.agentId, u.at);
  const user = await repo.userByMobile(trx, u.mobile);
  if (!user || user.created_at !== u.at || user.password_hash !== null) return null;
  await repo.setUserPassword(trx, user.id, u.passwordHash);
  return user.id;
}

export function userWithMobile(db: Executor, mobile: string) {
  return repo.userByMobile(db, mobile);
}

/** Logs the new user in, as a mobile login would. */
export function sessionOfNewUser(ctx: AppContext, userId: number, mark: string) {
  return createSession(ctx, { userId, customNum: '', loginModel: 'mobile', mark });
}
