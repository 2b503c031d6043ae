// The registration module's public entry: new-user registration (/bind_user) with an optional card
// and an invite code, and the agent's promotion page (/popularize). No table of its own: users
// are auth's, bindings cards', invitations invites' (docs/decisions/0019).
export { registrationRoutes } from './routes';
