// Operator command: issue one-time binding tokens for the QR codes on device boxes, and print the
// links to print (docs/decisions/0020).
//   npm run binding-tokens -- [--base https://h5.example.com] [--days 365] [--by 张三] <card number> …
// Uses DATABASE_URL like the server. Each token is shown only here; the database keeps its hash.
import Fastify from 'fastify';
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import type { AppContext } from '../context';
import { CarrierSimulator } from '../integrations/carrier/simulator';
import { SimulatorSms } from '../integrations/sms/simulatorSms';
import { issueTokens } from '../modules/bindingTokens';

const USAGE = '用法: npm run binding-tokens -- [--base 门户地址] [--days 有效天数] [--by 签发人] <卡号> …\n';

function parse(argv: string[]): { base: string; days: number; by: string; nums: string[] } | null {
  const out = { base: process.env.PORTAL_URL || 'http://localhost:3000', days: 365, by: '', nums: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--base') out.base = argv[++i] ?? '';
    else if (a === '--days') out.days = Number(argv[++i]);
    else if (a === '--by') out.by = argv[++i] ?? '';
    else if (/^\d{6,20}$/.test(a)) out.nums.push(a);
    else return null;
  }
  if (out.nums.length === 0 || !Number.isInteger(out.days) || out.days < 1 || out.days > 3650) return null;
  try {
    new URL(out.base);
  } catch {
    return null;
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (!args) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = await connect(config.databaseUrl);
  try {
    const log = Fastify({ logger: { level: 'warn' } }).log;
    const ctx: AppContext = { db, config, log, carrier: new CarrierSimulator(db), sms: new SimulatorSms(db, log) };
    const issued = await issueTokens(ctx, [...new Set(args.nums)], { base: args.base, days: args.days, issuedBy: args.by });
    for (const t of issued) process.stdout.write(`${t.custom_num}\t${t.url}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`签发失败: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
