// What a session opened ends with it (docs/decisions/0057). A request is checked against
// its session every time; a long-lived connection (the chat's event stream) is not, so whoever
// holds one hears here, in this process, the moment sessions end — logout, a password or mobile
// change, a forced logout — and checks its own against the table. A revocation in another process
// (the CLI, a second server) is not heard: the holders re-check on a timer of their own.
import type { AppContext } from '../../context';
import type { Db } from '../../db/connect';
import { clock } from '../../lib/clock';
import * as repo from './repo';
import { ROTATION_GRACE_MS } from './session';

/** Which sessions may have ended: one session, or those of one user. */
export interface EndedSessions {
  sessionId?: number;
  userId?: number;
}
type Listener = (ended: EndedSessions) => void;

// per database, as the app's other per-process registries (a test process holds several apps)
const listeners = new WeakMap<Db, Set<Listener>>();

/** Hears every end of sessions in this process; answers the function that stops hearing. */
export function onSessionsEnded(ctx: AppContext, listener: Listener): () => void {
  let set = listeners.get(ctx.db);
  if (!set) listeners.set(ctx.db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Says that sessions ended (after the revocation is written). A listener's failure is its own. */
export function announceSessionsEnded(ctx: AppContext, ended: EndedSessions): void {
  for (const listener of listeners.get(ctx.db) ?? []) {
    try {
      listener(ended);
    } catch (err) {
      ctx.log.warn({ err }, 'a listener of ended sessions failed');
    }
  }
}

/**
 * Of these sessions, the ones a request could still use: not revoked, not expired, and not rotated
 * longer ago than the rotation's grace (the same rule as requireAuth).
 */
export async function liveSessionIds(ctx: AppContext, ids: readonly number[]): Promise<Set<number>> {
  const live = new Set<number>();
  if (ids.length === 0) return live;
  const now = clock.now().getTime();
  for (const s of await repo.sessionStates(ctx.db.kysely, ids)) {
    if (s.revoked_at) continue;
    if (new Date(s.expires_at).getTime() <= now) continue;
    if (s.replaced_at && new Date(s.replaced_at).getTime() + ROTATION_GRACE_MS <= now) continue;
    live.add(s.id);
  }
  return live;
}
