// The channels an alert goes out through besides the notice on home. A messaging-app template
// message plugs in here as one more NotifyChannel.
import type { AppContext } from '../../context';
import { SmsChannel } from './smsChannel';
import type { NotifyChannel } from './channel';

export type { NoticeMessage, NotifyChannel, Recipient } from './channel';

export function notifyChannels(ctx: Pick<AppContext, 'sms' | 'log'>): NotifyChannel[] {
  return [new SmsChannel(ctx.sms, ctx.log)];
}
