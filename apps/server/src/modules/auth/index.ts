// The auth module's public entry: logins, sessions (requireAuth / authOf for every route that
// needs a login), SMS codes, login limits and forced logout. Owns users, sessions and sms_codes.
export { authRoutes } from './routes';
export { authOf, requireAuth, type Auth } from './session';
export { liveSessionIds, onSessionsEnded, type EndedSessions } from './sessionEnds';
export { cardContactMobile, forceLogout } from './service';
export { consumeSmsCode, sendSmsCode } from './smsCode';
export { KEYS, RULES } from './limits';
export { clearCardAttempts, liftCardGuessLimits, proveCardPassword, PROOF_REFUSED, type ProofSource } from './cardProof';
export { cardLoginOf, revokeCardLogins } from './repo';
export { CLEANUP_JOB, runCleanup, type CleanupSummary } from './cleanupJob';
export { createRegisteredUser, sessionOfNewUser, userWithMobile } from './register';
