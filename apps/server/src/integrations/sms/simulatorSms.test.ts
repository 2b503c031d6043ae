// The SMS simulator's code where a developer looks for it, and nowhere in production (docs/decisions/0066).
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect';
import { SimulatorSms, type SimulatorSmsOptions } from './simulatorSms';

function harness(options: Omit<SimulatorSmsOptions, 'print'>) {
  const outbox: unknown[] = [];
  const logged: string[] = [];
  const printed: string[] = [];
  const db = {
    kysely: { insertInto: () => ({ values: (v: unknown) => ({ execute: async () => void outbox.push(v) }) }) },
  } as unknown as Db;
  const log = { info: (obj: unknown, msg: string) => void logged.push(`${JSON.stringify(obj)} ${msg}`) } as unknown as FastifyBaseLogger;
  const sms = new SimulatorSms(db, log, { ...options, print: (line) => void printed.push(line) });
  return { sms, outbox, logged, printed };
}

const CODE_SMS = '【流量卡】您的登录验证码为 482913，5分钟内有效。';

describe('SMS simulator', () => {
  it.each([
    // [where, options, printed on the terminal, code in the log]
    ['development', { toTerminal: true }, true, true],
    ['a test run', { toTerminal: false }, false, true],
    ['production (staging with the simulator allowed)', { toTerminal: false, production: true }, false, false],
    ['production even if asked to print', { toTerminal: true, production: true }, false, false],
  ] as const)('%s', async (_where, options, onTerminal, inLog) => {
    const h = harness(options);
    await h.sms.send('13800138000', CODE_SMS);
    expect(h.outbox).toHaveLength(1);
    expect(h.printed.some((l) => l.includes('482913'))).toBe(onTerminal);
    if (onTerminal) expect(h.printed.join('')).toContain('138****8000');
    expect(h.logged.some((l) => l.includes('482913'))).toBe(inLog);
    // the whole mobile never reaches a log or the terminal
    expect([...h.logged, ...h.printed].some((l) => l.includes('13800138000'))).toBe(false);
  });
});
