// Recording and reading the audit log. recordAudit runs inside the transaction of the change it
// records: the change and its record are written together or not at all. Tokens, secrets and links
// that carry one are masked when a row is written and again when it is read (./mask).
import { auditActionsMatching, auditRefsOf, type AdminQueryOf, type AuditNames, type AuditRef } from '@portal/contract/admin';
import type { Executor } from '../../../db/executor';
import type { AuditLogTable } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import type { AdminActor } from '../access/actor';
import { actionLabel, type AuditAction } from './actions';
import { maskSecrets, maskText } from './mask';
import * as repo from './repo';

export interface AuditEntryInput {
  /** dotted verb, e.g. 'card.suspended': one of the contract's AUDIT_ACTION_LABEL (label a new one there) */
  action: AuditAction;
  target: { type: string; id: string | number };
  /** why, as the operator gave it; '' when the action needs none (a login) */
  reason?: string;
  before?: unknown;
  after?: unknown;
}

/** Who acted: the operator of a request, or — for a failed login — the account that was tried. */
export type AuditWho =
  | Pick<AdminActor, 'id' | 'username' | 'role' | 'agentId' | 'requestId' | 'ip'>
  | {
      id: null;
      username: string;
      role: string;
      agentId: null;
      requestId: string;
      ip: string;
    };

export async function recordAudit(trx: Executor, who: AuditWho, e: AuditEntryInput): Promise<void> {
  await repo.insertAudit(trx, {
    operator_id: who.id,
    operator_username: who.username,
    operator_role: who.role,
    agent_id: who.agentId,
    action: e.action,
    target_type: e.target.type,
    target_id: String(e.target.id),
    reason: maskText(e.reason ?? ''),
    before: e.before === undefined ? '' : JSON.stringify(maskSecrets(e.before)),
    after: e.after === undefined ? '' : JSON.stringify(maskSecrets(e.after)),
    request_id: who.requestId,
    ip: who.ip,
    at: clock.iso(),
  });
}

type Row = AuditLogTable & { id: number };

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function entryOf(r: Row) {
  return {
    id: r.id,
    at: r.at,
    operator_id: r.operator_id,
    operator_username: r.operator_username,
    operator_role: r.operator_role,
    action: r.action,
    action_label: actionLabel(r.action),
    target_type: r.target_type,
    target_id: r.target_id,
    // masked again: rows written before the mask (the table is append-only) carry what they carried
    reason: maskText(r.reason),
    before: maskSecrets(parse(r.before)),
    after: maskSecrets(parse(r.after)),
    request_id: r.request_id,
    ip: r.ip,
  };
}

/** The names of the rows a page of the log refers to: one query per kind of row, whatever the page's size. */
async function namesOf(db: Executor, items: readonly ReturnType<typeof entryOf>[]): Promise<AuditNames> {
  const wanted = new Map<AuditRef, Set<string>>();
  for (const item of items)
    for (const [ref, ids] of auditRefsOf(item)) {
      const set = wanted.get(ref) ?? new Set<string>();
      for (const id of ids) set.add(id);
      wanted.set(ref, set);
    }
  const names: AuditNames = {};
  await Promise.all(
    [...wanted].map(async ([ref, ids]) => {
      const numeric = [...ids].map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
      if (numeric.length > 0) names[ref] = await repo.namesOf(db, ref, numeric);
    }),
  );
  return names;
}

export async function searchAudit(db: Executor, q: AdminQueryOf<'adminAuditList'>, limit = q.limit) {
  const rows = (await repo.searchAudit(
    db,
    {
      operator: q.operator || undefined,
      actions: q.action ? (auditActionsMatching(q.action) ?? undefined) : undefined,
      targetType: q.target_type || undefined,
      targetId: q.target_id || undefined,
      from: q.from ? new Date(q.from).toISOString() : undefined,
      to: q.to ? new Date(q.to).toISOString() : undefined,
      beforeId: q.before_id,
    },
    limit + 1,
  )) as Row[];
  const more = rows.length > limit;
  const items = rows.slice(0, limit).map(entryOf);
  return { items, names: await namesOf(db, items), next_before_id: more ? items[items.length - 1]!.id : null };
}
