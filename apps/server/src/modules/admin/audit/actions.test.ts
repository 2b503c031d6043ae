// Every action the server writes to the audit log has a label (the contract's AUDIT_ACTION_LABEL),
// and every label is of an action the server still writes. recordAudit's type already refuses an
// unlabelled literal; this reads the source as well, so a cast or a computed name cannot slip by.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, isAuditAction } from '@portal/contract/admin';

const SRC = fileURLToPath(new URL('../../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const NAME = String.raw`[a-z_]+\.[a-z_]+`;
/** Where an action is named: an `action:` property, an audit helper's argument, a chooser's answer. */
const LITERALS = [
  new RegExp(String.raw`action:\s*'(${NAME})'`, 'g'),
  new RegExp(String.raw`audit\(op, '(${NAME})'`, 'g'),
  new RegExp(String.raw`=> '(${NAME})'`, 'g'),
  new RegExp(String.raw`\? '(${NAME})' : '(${NAME})'`, 'g'),
];
/** An action built from a prefix and a state (`agent_application.${decision}`). */
const TEMPLATE = /action:\s*`([a-z_]+\.[a-z_]*)\$\{/g;

const written = new Set<string>();
const prefixes = new Set<string>();
for (const file of sources(SRC)) {
  const text = readFileSync(file, 'utf8');
  // (an area's CSV exports name their `<list>.export` actions for exports/csvExport.ts, and the
  // after-sales queues their decisions for afterSales/requestQueue.ts, which record them)
  if (!/recordAudit|Recorder|action: AuditAction|csvExport'|requestQueue'/.test(text)) continue;
  for (const re of LITERALS) for (const m of text.matchAll(re)) for (const name of m.slice(1)) if (name) written.add(name);
  for (const m of text.matchAll(TEMPLATE)) prefixes.add(m[1]!);
}

describe('audit actions and their labels', () => {
  it('finds the actions the server writes (the scan reads the source)', () => {
    expect(written.size).toBeGreaterThan(60);
    expect(written).toContain('card.suspended');
    expect(written).toContain('carrier_account.created');
    expect(written).toContain('device_task.retried');
    expect([...prefixes].sort()).toEqual(['agent_application.', 'commission.withdrawal_', 'replacement.']);
  });

  it('every action written has a label', () => {
    expect([...written].filter((a) => !isAuditAction(a) && !a.endsWith('.view') && !a.endsWith('.manage'))).toEqual([]);
    for (const p of prefixes) expect(AUDIT_ACTIONS.filter((a) => a.startsWith(p)).length, p).toBeGreaterThan(1);
  });

  it('every label is of an action the server writes', () => {
    const unused = AUDIT_ACTIONS.filter((a) => !written.has(a) && ![...prefixes].some((p) => a.startsWith(p)));
    expect(unused).toEqual([]);
  });
});
