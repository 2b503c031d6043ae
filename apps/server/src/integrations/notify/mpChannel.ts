// Alerts as template messages of the messaging app's official account (docs/decisions/0038-alerts-in-the-messaging-app.md).
// The message names the card by its last four digits, links to the portal page that acts on the
// alert, and is sent with the notice's id as client_msg_id, so even a repeated send within the
// platform's window is one message. Logs and metrics carry the alert's kind and outcome, never the
// openid, the card number or the token.
import type { FastifyBaseLogger } from 'fastify';
import { formatDateTime } from '@portal/domain';
import { countMessagingAlert } from '../../lib/metrics';
import type { WechatMpClient } from '../messaging/wechatMp/client';
import { MessagingAppError } from '../messaging/wechatMp/client';
import { templateData, type TemplateFields } from '../messaging/wechatMp/templateData';
import type { NoticeMessage, NotifyChannel, Recipient, SendOutcome } from './channel';
import { alertLink } from './link';

export interface MpChannelOptions {
  templateId: string;
  templateFields: TemplateFields;
  publicUrl: string;
}

const REFUSAL_REASON: Record<number, string> = { 43004: 'not_following', 43101: 'refused_template' };

export class MpChannel implements NotifyChannel {
  readonly name = 'wechat_mp' as const;

  constructor(
    private readonly client: WechatMpClient,
    private readonly o: MpChannelOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(to: Recipient, m: NoticeMessage): Promise<SendOutcome> {
    if (!to.openid) return 'skipped';
    const data = templateData(this.o.templateFields, {
      title: m.title,
      body: m.body,
      card: `****${m.customNum.slice(-4)}`,
      time: formatDateTime(m.at),
    });
    let result;
    try {
      result = await this.client.sendTemplate({
        openid: to.openid,
        templateId: this.o.templateId,
        url: alertLink(this.o.publicUrl, m.actionPath),
        data,
        clientMsgId: `notice-${m.noticeId}`,
      });
    } catch (err) {
      const code = err instanceof MessagingAppError ? err.errcode : 0;
      countMessagingAlert(m.kind, 'failed', code === 0 ? 'unreachable' : code === 40001 || code === 42001 ? 'token' : 'platform');
      throw err;
    }
    if (result.kind === 'refused') {
      countMessagingAlert(m.kind, 'refused', REFUSAL_REASON[result.errcode] ?? 'platform');
      this.log.info({ notify: { channel: this.name, kind: m.kind, refused: result.errcode } }, 'alert refused by the holder');
      return { refused: result.errcode };
    }
    countMessagingAlert(m.kind, 'sent');
    this.log.info({ notify: { channel: this.name, kind: m.kind } }, 'alert sent');
    return 'sent';
  }
}
