// Each table has ONE writer (docs/decisions/0008): its owning module's repo.ts, or for the shared
// pieces outside the modules one named file. Other code changes a table by calling the owner's
// functions (inside its own transaction when it passes one). This test scans the server source
// for writes — Kysely's insertInto / replaceInto / updateTable / deleteFrom / mergeInto, and
// INSERT / UPDATE / DELETE in raw sql`…` — and fails on any write outside the table's owner.
// Migrations and the demo seed (db/) create and fill tables and are exempt.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** table → the one file (relative to apps/server/src) allowed to write it. */
const OWNERS: Record<string, string> = {
  // auth
  users: 'modules/auth/repo.ts',
  sessions: 'modules/auth/repo.ts',
  sms_codes: 'modules/auth/repo.ts',
  // the card and its owner
  cards: 'modules/cardRecord/repo.ts',
  card_bindings: 'modules/cards/repo.ts',
  card_flow_daily: 'modules/usage/repo.ts',
  // agent configuration (written only by the seed; the module that serves it owns it)
  agents: 'modules/branding/repo.ts',
  package_series: 'modules/series/repo.ts',
  // real-name, replacement, uploads
  card_personal_info: 'modules/realName/repo.ts',
  real_name_tickets: 'modules/realName/repo.ts',
  change_card_applications: 'modules/replacement/repo.ts',
  holder_addresses: 'modules/addresses/repo.ts',
  uploads: 'modules/upload/repo.ts',
  // commerce
  packages: 'modules/commerce/catalogue/repo.ts',
  coupon_packages: 'modules/commerce/catalogue/repo.ts',
  recharge_offers: 'modules/commerce/catalogue/repo.ts',
  pay_settings: 'modules/commerce/paySettings/repo.ts',
  vouchers: 'modules/commerce/vouchers/repo.ts',
  balance_ledger: 'modules/commerce/balance/repo.ts',
  orders: 'modules/commerce/orders/repo.ts',
  payments: 'modules/commerce/orders/repo.ts',
  order_deliveries: 'modules/commerce/orders/repo.ts',
  card_packages: 'modules/commerce/orders/repo.ts',
  pay_notifications: 'modules/commerce/payments/repo.ts',
  refunds: 'modules/commerce/refunds/repo.ts',
  refund_requests: 'modules/commerce/afterSales/repo.ts',
  invoice_requests: 'modules/commerce/afterSales/repo.ts',
  // shared pieces outside the modules
  throttles: 'lib/throttle.ts',
  schema_migrations: 'db/migrate.ts',
  // the simulators' own state
  sim_sms_outbox: 'integrations/sms/simulatorSms.ts',
  sim_lines: 'integrations/carrier/simulator.ts',
  // carrier platform accounts and their health (025)
  carrier_accounts: 'modules/carriers/repo.ts',
  sim_payments: 'integrations/payment/sandbox.ts',
  sim_refunds: 'integrations/payment/sandbox.ts',
  // tickets and agent applications (013)
  tickets: 'modules/tickets/repo.ts',
  ticket_events: 'modules/tickets/repo.ts',
  ticket_messages: 'modules/tickets/chatRepo.ts',
  agent_applications: 'modules/agentApplications/repo.ts',
  // device shop and box binding tokens (016)
  shop_products: 'modules/commerce/shop/repo.ts',
  shop_orders: 'modules/commerce/shop/repo.ts',
  binding_tokens: 'modules/bindingTokens/repo.ts',
  // wifi devices
  devices: 'modules/devices/repo.ts',
  device_changes: 'modules/devices/repo.ts',
  sim_devices: 'integrations/device/simulator.ts',
  acs_commands: 'integrations/device/genieacs/commands.ts',
  firmware_images: 'modules/devices/firmwareRepo.ts',
  sim_device_sims: 'integrations/device/simulator.ts',
  sim_device_clients: 'integrations/device/simulator.ts',
  sim_device_commands: 'integrations/device/simulator.ts',
  // scheduled jobs, alerts and auto-renew (011)
  scheduled_jobs: 'jobs/repo.ts',
  card_alert_settings: 'modules/alerts/repo.ts',
  card_notices: 'modules/alerts/repo.ts',
  // the message centre (037)
  holder_messages: 'modules/messages/repo.ts',
  sim_usage_extra: 'integrations/carrier/simulator.ts',
  // smart diagnosis
  diagnoses: 'modules/diagnosis/repo.ts',
  // the operator console (014)
  operators: 'modules/admin/auth/repo.ts',
  operator_sessions: 'modules/admin/access/sessionRepo.ts',
  audit_log: 'modules/admin/audit/repo.ts',
  // membership and invitations (015)
  member_programs: 'modules/membership/repo.ts',
  member_levels: 'modules/membership/repo.ts',
  member_growth: 'modules/membership/repo.ts',
  invite_codes: 'modules/invites/repo.ts',
  invites: 'modules/invites/repo.ts',
  balance_adjustments: 'modules/commerce/balance/repo.ts',
  // the console's cards, agents and catalogue (017, 018)
  card_import_batches: 'modules/admin/cards/importRepo.ts',
  card_password_handouts: 'modules/cardPassword/repo.ts',
  bulk_jobs: 'modules/admin/cards/bulkJobRepo.ts',
  bulk_job_items: 'modules/admin/cards/bulkJobRepo.ts',
  branding_images: 'modules/admin/agents/repo.ts',
  voucher_batches: 'modules/admin/catalogue/repo.ts',
  // agents' commission (029)
  commission_accounts: 'modules/commissions/repo.ts',
  commission_ledger: 'modules/commissions/repo.ts',
  // agents in levels (047): what a parent charges a sub-agent, payout openids bound in the messaging app
  agent_package_costs: 'modules/commissions/repo.ts',
  payee_bindings: 'modules/commissions/repo.ts',
  commission_withdrawals: 'modules/commissions/repo.ts',
  // errors reported by phones (030)
  error_reports: 'modules/errorReports/repo.ts',
  // console writes made once (035)
  admin_request_keys: 'modules/admin/access/requestKeyRepo.ts',
  // limits and the second approver (040)
  write_limits: 'modules/admin/approvals/repo.ts',
  approval_requests: 'modules/admin/approvals/repo.ts',
  // no one moves money alone (041)
  operator_ties: 'modules/admin/approvals/repo.ts',
  commission_account_changes: 'modules/commissions/repo.ts',
  // alerts in the messaging app (032)
  messaging_app_tokens: 'integrations/messaging/wechatMp/tokenStore.ts',
  alert_recipients: 'modules/alerts/repo.ts',
  alert_deliveries: 'modules/alerts/repo.ts',
};

const EXEMPT = [
  /^db\/migrations\//,
  /^db\/seed(Commerce)?\.ts$/,
  /\.test\.ts$/,
  /^db\/seedDevices\.ts$/,
  /^db\/seedUpgrades\.ts$/,
  /^db\/seedTickets\.ts$/,
  /^db\/seedOperators\.ts$/,
  /^db\/seedMembership\.ts$/,
  /^db\/seedShop\.ts$/,
];

interface Write {
  table: string;
  line: number;
  how: string;
}

/** Comments out of the way (a comment may quote a query), keeping line numbers. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/^(\s*)\/\/.*$/gm, '$1');
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Every table write in a source text; a table that is not a string literal is reported as `?<expression>`. */
function writesIn(source: string): Write[] {
  const text = withoutComments(source);
  const out: Write[] = [];
  const builder = /\.(insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(\s*(?:(['"`])([^'"`]*)\2|([^)]*))/g;
  for (const m of text.matchAll(builder)) {
    const table = m[3] !== undefined ? m[3].trim().split(/\s+/)[0]! : `?${(m[4] ?? '').trim()}`;
    out.push({ table, line: lineOf(text, m.index), how: m[1]! });
  }
  // raw SQL: sql`…`, sql<T>`…` and sql.raw('…')
  const raw = /\bsql(?:<[^`]*?>)?`((?:[^`\\]|\\.)*)`|\bsql\.raw\(\s*(['"`])((?:(?!\2)[^\\]|\\.)*)\2/g;
  const statement = /\b(insert\s+(?:or\s+\w+\s+)?into|(?<!\bdo\s+)update|delete\s+from)\s+["']?([A-Za-z_][\w]*)/gi;
  for (const m of text.matchAll(raw)) {
    const body = m[1] ?? m[3] ?? '';
    for (const s of body.matchAll(statement)) {
      out.push({ table: s[2]!.toLowerCase(), line: lineOf(text, m.index), how: `sql ${s[1]!.split(/\s+/)[0]!.toUpperCase()}` });
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const rel = (p: string) => relative(SRC, p).split(sep).join('/');

/** The tables of the Database interface in schema.ts. */
function schemaTables(): string[] {
  const schema = readFileSync(join(SRC, 'db/schema.ts'), 'utf8');
  const body = /export interface Database \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!);
}

describe('table owners', () => {
  it('name an owner for every table of the schema, and only existing files', () => {
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((t) => !(t in OWNERS))).toEqual([]);
    expect(Object.keys(OWNERS).filter((t) => t !== 'schema_migrations' && !tables.includes(t))).toEqual([]);
    const files = new Set(sourceFiles(SRC).map(rel));
    expect(Object.values(OWNERS).filter((f) => !files.has(f))).toEqual([]);
  });

  it('see every kind of write (the scanner itself)', () => {
    const sample = [
      "await db.insertInto('vouchers').values(x);",
      'await trx\n  .updateTable("cards as c")\n  .set({ a: 1 });',
      "await q.deleteFrom('card_bindings').where('id', '=', 1);",
      'await db.insertInto(tableName).values(x);',
      'await sql`insert into orders (a) values (1) on conflict do update set a = 2`.execute(db);',
      'await sql<number>`UPDATE payments SET late = 1`.execute(db);',
      "await sql.raw('delete from refunds').execute(db);",
      "// db.updateTable('users') in a comment is not a write",
      'await sql`select * from cards where x = ${y}`.execute(db);',
    ].join('\n');
    expect(writesIn(sample).map((w) => w.table)).toEqual([
      'vouchers',
      'cards',
      'card_bindings',
      '?tableName',
      'orders',
      'payments',
      'refunds',
    ]);
  });

  it('are the only writers of their tables (migrations and the demo seed excepted)', () => {
    const violations: string[] = [];
    let writes = 0;
    for (const path of sourceFiles(SRC)) {
      const file = rel(path);
      if (EXEMPT.some((re) => re.test(file))) continue;
      for (const w of writesIn(readFileSync(path, 'utf8'))) {
        writes++;
        const owner = OWNERS[w.table];
        if (owner !== file) violations.push(`${file}:${w.line} ${w.how} ${w.table} — owner: ${owner ?? 'none (add it to OWNERS)'}`);
      }
    }
    expect(writes).toBeGreaterThan(40);
    expect(violations).toEqual([]);
  });
});
