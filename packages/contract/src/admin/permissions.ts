// Who may do what in the operator console (docs/decisions/0018): every permission and the roles
// that have it, one line each. Pure data, in the contract so that an endpoint's declaration names
// its permission (`access: 'cards.view'`) and the checker knows the name
// (docs/decisions/0050-one-endpoint-registry.md); the server's guard checks it before the handler
// runs (modules/admin/access/permissions.ts `can`), and the console shows only the areas the
// session's permissions name. A new admin area adds its permissions here (or uses one below) —
// never a role check in a handler.

/** The console's roles; each operator has one. */
export const OPERATOR_ROLES = ['platform_admin', 'agent_admin', 'support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ROLES: readonly OperatorRole[] = ['platform_admin', 'agent_admin', 'support', 'finance'];
const ALL = ROLES;

export const PERMISSIONS = {
  /** own session, password and second factor */
  self: ALL,
  /** the overview; an agent administrator's figures are their agent's */
  'dashboard.view': ALL,
  /** the audit log, and its export */
  'audit.view': ['platform_admin'],
  /** cards and their customers: reading them */
  'cards.view': ['platform_admin', 'agent_admin', 'support'],
  /** cards: changing them (state, package, password reset) */
  'cards.manage': ['platform_admin', 'agent_admin'],
  /** helping a holder from the card's story: resending the real-name link (support too) */
  'cards.assist': ['platform_admin', 'agent_admin', 'support'],
  /** one card's whole story, read only (finance: for its orders and ledger) */
  'cards.story': ALL,
  'customers.view': ['platform_admin', 'agent_admin', 'support'],
  'customers.manage': ['platform_admin', 'agent_admin'],
  /** orders: reading them */
  'orders.view': ['platform_admin', 'agent_admin', 'support', 'finance'],
  /** shop orders: shipping them */
  'orders.manage': ['platform_admin', 'agent_admin'],
  'refunds.manage': ['platform_admin', 'finance'],
  /** holders' electronic invoice requests: issuing (the invoice number) or rejecting them — finance's work */
  'invoices.manage': ['platform_admin', 'finance'],
  'ledger.view': ['platform_admin', 'finance'],
  /** manual balance adjustments: money out of nowhere, so only the platform and finance */
  'ledger.adjust': ['platform_admin', 'finance'],
  /** packages and prices */
  'prices.manage': ['platform_admin', 'agent_admin'],
  'branding.manage': ['platform_admin', 'agent_admin'],
  'tickets.manage': ['platform_admin', 'support'],
  /** /agent applications: the platform all; an agent administrator those naming its subtree as the inviter (docs/decisions/0076) */
  'agentApplications.manage': ['platform_admin', 'agent_admin'],
  /** real-name records, masked (张*, 1101**********1234, no photos) */
  'realname.view': ['platform_admin', 'agent_admin', 'support'],
  /** the full name, ID number and mobile, with a reason, audited: the platform only, not support */
  'realname.reveal': ['platform_admin'],
  /** other operators' accounts */
  'operators.manage': ['platform_admin'],
  /** agents: the list and an agent's settings (an agent administrator: their own) */
  'agents.view': ['platform_admin', 'agent_admin'],
  'agents.create': ['platform_admin'],
  /** sub-agents (docs/decisions/0067-agents-in-levels.md): created under an agent of the operator's subtree, their cost per package set by their parent */
  'agents.subAgents': ['platform_admin', 'agent_admin'],
  /** which payment channels an agent's portal offers: the platform's merchant contracts, so platform only */
  'paySettings.manage': ['platform_admin'],
  /** packages, series, cost and retail prices: reading them (an agent administrator: their own, without other agents' cost) */
  'prices.view': ['platform_admin', 'agent_admin', 'finance'],
  /** series, packages, coupon packages, first-recharge offers and cost prices: the platform's catalogue */
  'catalogue.manage': ['platform_admin'],
  /** vouchers issued in bulk (an agent administrator: to their own cards) */
  'vouchers.issue': ['platform_admin', 'agent_admin'],
  /** the carrier platform accounts (credentials sealed, never shown again) and their health: the platform's */
  'carriers.manage': ['platform_admin'],
  /** agents' commission: figures, ledger, statements, withdrawals (an agent administrator: their own agent's) */
  'commissions.view': ['platform_admin', 'agent_admin', 'finance'],
  /** asking for a withdrawal and changing the account on file (with the agent's SMS code) */
  'commissions.withdraw': ['platform_admin', 'agent_admin'],
  /** approving, rejecting and paying withdrawals, adjusting a balance: money out, so finance */
  'commissions.settle': ['platform_admin', 'finance'],
  /** an agent's holding period and verification mobile */
  'commissions.configure': ['platform_admin'],
  /** a wifi device's tasks: seeing them, retrying a failed one, withdrawing a queued one (docs/decisions/0032-routers-through-genieacs.md) */
  'devices.support': ['platform_admin', 'agent_admin', 'support'],
  /** the firmware catalogue: registering and withdrawing images (docs/decisions/0040-firmware-through-the-acs.md); pushing one is devices.support */
  'firmware.manage': ['platform_admin'],
  /** errors reported by phones, grouped by message and release: the platform's releases, so not an agent's (docs/decisions/0037-errors-from-phones.md) */
  'errorReports.view': ['platform_admin', 'support'],
  /** the limits above which a voucher issue, balance adjustment or price waits for a second approver (docs/decisions/0048-limits-and-a-second-approver.md) */
  'limits.manage': ['platform_admin'],
  /** the writes waiting above a limit: those who make such writes see them (an agent administrator: their agent's) */
  'approvals.view': ['platform_admin', 'agent_admin', 'finance'],
  /** approving or rejecting another operator's write above a limit (also needs the write's own permission) */
  'approvals.decide': ['platform_admin', 'finance'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof PERMISSIONS;
