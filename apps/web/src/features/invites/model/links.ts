// The links a user shares: registration with their invite code, and the agent's promotion page
// carrying it. Both carry the agent mark, so the invitee sees the same brand.
const INVITE_CODE = /^[2-9A-HJKMNP-Z]{8}$/;

/** /bind_user?mark=…&invite=… on this site */
export function inviteLink(origin: string, mark: string, code: string): string {
  return `${origin}/bind_user?${new URLSearchParams({ mark, invite: code }).toString()}`;
}

/** /popularize?mark=…&invite=… (no invite when the sharer has none) */
export function popularizeLink(origin: string, mark: string, code: string): string {
  const q = new URLSearchParams({ mark });
  if (code) q.set('invite', code);
  return `${origin}/popularize?${q.toString()}`;
}

/** The invite code of a link's query, upper-cased; "" when missing or malformed. */
export function inviteFromQuery(search: string): string {
  const raw = (new URLSearchParams(search).get('invite') ?? '').trim().toUpperCase();
  return INVITE_CODE.test(raw) ? raw : '';
}
