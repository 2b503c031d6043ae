// What /login keeps of what was typed while the holder reads 用户协议 or 隐私政策 and comes back
// — the login model, the mobile, the code, the account, the card number, the tick and
// when a new code may be asked for — never a password. Kept in the tab's sessionStorage under the
// page's own key, for the agent mark it was typed for; the login clears it. Small on purpose: it
// is in /login's first load (docs/decisions/0025-first-load.md).
import type { LoginModel } from '@portal/contract';
import { EMPTY_LOGIN_FIELDS, type LoginFields } from './loginForm';

/** sessionStorage key: /login's draft */
export const LOGIN_DRAFT_KEY = 'sim_draft:/login';

export interface LoginDraft {
  model: LoginModel;
  fields: LoginFields;
  agreed: boolean;
  /** when the resend wait of the last code ends (ms since the epoch), 0 when none runs */
  resendAt: number;
}

const KEPT = ['mobile', 'code', 'account', 'customNum'] as const;

/** Stores the draft, or removes it when nothing worth keeping was typed, ticked or sent. Storage
 *  refused (private mode, full): the page works, only the draft is not kept. */
export function saveDraft(d: LoginDraft, mark: string, now: number): void {
  const resendAt = d.resendAt > now ? d.resendAt : 0;
  const kept: Record<string, unknown> = { mark, model: d.model, agreed: d.agreed, resendAt };
  let any = d.agreed || resendAt > 0;
  for (const k of KEPT) {
    kept[k] = d.fields[k];
    any ||= d.fields[k] !== '';
  }
  try {
    if (any) sessionStorage.setItem(LOGIN_DRAFT_KEY, JSON.stringify(kept));
    else dropDraft();
  } catch {
    /* see above */
  }
}

/** The draft kept for this mark, or undefined (none, another mark's, not one of ours, no storage:
 *  the markup rendered at build time). A resend wait that has run out by now is gone. */
export function readDraft(mark: string, now: number): LoginDraft | undefined {
  try {
    const k = JSON.parse(sessionStorage.getItem(LOGIN_DRAFT_KEY)!) as Record<string, unknown>;
    if (k.mark !== mark) return undefined;
    const fields = { ...EMPTY_LOGIN_FIELDS };
    for (const f of KEPT) fields[f] = typeof k[f] === 'string' ? k[f] : '';
    const resendAt = Number(k.resendAt);
    return { model: k.model as LoginModel, fields, agreed: k.agreed === true, resendAt: resendAt > now ? resendAt : 0 };
  } catch {
    return undefined;
  }
}

/** After a login: nothing to keep. */
export function dropDraft(): void {
  try {
    sessionStorage.removeItem(LOGIN_DRAFT_KEY);
  } catch {
    /* see saveDraft */
  }
}
