import type { FastifyBaseLogger } from 'fastify';
import { maskMobile } from '@portal/domain';
import type { Db } from '../../db/connect';
import { clock } from '../../lib/clock';
import type { SmsProvider } from './provider';

export interface SimulatorSmsOptions {
  /** development: print each message plainly on the terminal, apart from the JSON request log */
  toTerminal?: boolean;
  /** production (a staging set-up that allows the simulator): the content, a code, never reaches the log */
  production?: boolean;
  /** where the terminal lines go (tests pass their own) */
  print?: (line: string) => void;
}

/**
 * Stand-in for an SMS provider: the message goes to sim_sms_outbox, which plays the provider's
 * console for tests, and to the server log (docs/spec/decisions.md "Login"). On a developer's
 * machine it is also printed as a plain line on the terminal — a newcomer looking for the login
 * code found it only as one JSON line among the request logs (docs/decisions/0066). In production
 * the log names the masked mobile and the message's length only: a code in a log is a login for
 * whoever reads the log.
 */
export class SimulatorSms implements SmsProvider {
  private readonly print: (line: string) => void;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: SimulatorSmsOptions = {},
  ) {
    this.print = options.print ?? ((line) => process.stdout.write(`${line}\n`));
  }

  async send(mobile: string, content: string): Promise<void> {
    await this.db.kysely.insertInto('sim_sms_outbox').values({ mobile, content, created_at: clock.iso() }).execute();
    // the mobile masked: phone numbers never reach the logs in full (the outbox table has it)
    if (this.options.production) {
      this.log.info(
        { sms: { to: maskMobile(mobile), length: content.length } },
        'SMS simulator: message sent (content withheld in production)',
      );
      return;
    }
    this.log.info({ sms: { to: maskMobile(mobile), content } }, 'SMS simulator: message sent');
    if (this.options.toTerminal) this.print(`\n  【模拟短信】发往 ${maskMobile(mobile)}：${content}\n`);
  }
}
