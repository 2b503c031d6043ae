// The channels an alert goes out through besides the notice on home: SMS always, the messaging
// app's official account when it is configured (docs/decisions/0038-alerts-in-the-messaging-app.md).
import type { AppContext } from '../../context';
import { MpChannel } from './mpChannel';
import { SmsChannel } from './smsChannel';
import type { NotifyChannel } from './channel';

export type { ChannelName, NoticeMessage, NotifyChannel, Recipient, SendOutcome } from './channel';

export interface Channels {
  sms: NotifyChannel;
  /** null: the channel is not configured, so it is neither offered nor used */
  mp: NotifyChannel | null;
}

export function notifyChannels(ctx: Pick<AppContext, 'sms' | 'log' | 'config' | 'messagingApp'>): Channels {
  const mp = ctx.config.wechatMp;
  return {
    sms: new SmsChannel(ctx.sms, ctx.log),
    mp:
      mp && ctx.messagingApp
        ? new MpChannel(
            ctx.messagingApp,
            { templateId: mp.templateId, templateFields: mp.templateFields, publicUrl: mp.publicUrl },
            ctx.log,
          )
        : null,
  };
}
