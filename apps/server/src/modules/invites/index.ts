// The invitations module's public entry: invite codes, who invited whom and how far each
// invitation got (docs/decisions/0019). Owns invite_codes and invites.
import { invitesDueForReward, inviteOfFirstOrder, inviteOfInvitee, markFirstPaid, markRewarded, markVoid } from './repo';

export { checkCode, ensureCode, inviteMine, inviteRecords, inviterFor, recordInvite } from './service';
export { maskMobile } from './rules';
/** What membership's commerce hooks change on an invitation (inside commerce's transaction). */
export const invitesForMembership = { inviteOfInvitee, inviteOfFirstOrder, invitesDueForReward, markFirstPaid, markRewarded, markVoid };
