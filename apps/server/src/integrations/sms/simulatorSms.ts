import type { FastifyBaseLogger } from 'fastify';
import { maskMobile } from '@portal/domain';
import type { Db } from '../../db/connect';
import { clock } from '../../lib/clock';
import type { SmsProvider } from './provider';

/**
 * Stand-in for an SMS provider: the message goes to the server log (docs/spec/decisions.md "Login":
 * that is where a developer reads the code) and to sim_sms_outbox, which plays the provider's
 * console for tests.
 */
export class SimulatorSms implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mobile: string, content: string): Promise<void> {
    await this.db.kysely.insertInto('sim_sms_outbox').values({ mobile, content, created_at: clock.iso() }).execute();
    // the mobile masked: phone numbers never reach the logs in full (the outbox table has it)
    this.log.info({ sms: { to: maskMobile(mobile), content } }, 'SMS simulator: message sent');
  }
}
