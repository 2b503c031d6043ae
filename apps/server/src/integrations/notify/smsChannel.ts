import type { FastifyBaseLogger } from 'fastify';
import { maskMobile } from '@portal/domain';
import type { SmsProvider } from '../sms/provider';
import type { NoticeMessage, NotifyChannel, Recipient } from './channel';

/** Alerts by SMS through the SMS provider. The log names the masked mobile only. */
export class SmsChannel implements NotifyChannel {
  readonly name = 'sms' as const;

  constructor(
    private readonly sms: SmsProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(to: Recipient, m: NoticeMessage): Promise<'sent' | 'skipped'> {
    if (!to.mobile) return 'skipped';
    const tail = m.customNum.slice(-4);
    await this.sms.send(to.mobile, `【流量卡提醒】尾号${tail}的卡：${m.title}。${m.body}`, {
      kind: 'notice',
      params: { card: tail, title: m.title },
    });
    this.log.info({ notify: { channel: this.name, kind: m.kind, to: maskMobile(to.mobile) } }, 'alert sent');
    return 'sent';
  }
}
