// Customers' mobiles in the console (docs/decisions/0028): the platform administrator sees them whole; support,
// finance and agent administrators see them masked (138****8000) in lists, details and exports and
// reveal one with a reason, audited — as real-name data already is. Pure.
import type { OperatorRole } from '@portal/contract/admin';
import { maskMobile } from '@portal/domain';

/** Whether this role sees customers' contact details whole without asking. */
export function seesFullContact(role: OperatorRole): boolean {
  return role === 'platform_admin';
}

/** A contact as this role sees it: a mobile masked to 138****8000; any other run of 7+ digits keeps 3 + 2 of its ends. */
export function contactFor(role: OperatorRole, value: string | null): string | null {
  if (value === null || seesFullContact(role)) return value;
  const v = value.trim();
  if (/^1\d{10}$/.test(v)) return maskMobile(v);
  return value.replace(/\d{7,}/g, (d) => `${d.slice(0, 3)}${'*'.repeat(d.length - 5)}${d.slice(-2)}`);
}
