// The operations team told in the messaging app when a carrier account needs them (docs/decisions/0065):
// its credentials refused (密钥被拒), resting after failures (暂停调用, or 异常 between rests), or its
// last round read none of its cards (同步失败) — and told again when it is back. Once per episode:
// carrier_accounts.alerted_state holds what they were last told, moved by compare-and-set, so of
// two processes finishing rounds only one sends. Sent with the official account's alert template
// (docs/decisions/0038) to WECHAT_MP_OPS_OPENIDS; the account's name is in the title, its number where a
// holder's alert names the card. Nothing of the account's fields or the platform's text goes out: the words are
// health.ts's. Prometheus rules watch the same states (deploy/prometheus/alerts.yml).
import { CARRIER_HEALTH_STATE_LABEL, type CarrierHealthState } from '@portal/contract/admin';
import { formatDateTime } from '@portal/domain';
import type { AppContext } from '../../context';
import { MessagingAppError } from '../../integrations/messaging/wechatMp/client';
import { templateData } from '../../integrations/messaging/wechatMp/templateData';
import { alertLink } from '../../integrations/notify/link';
import { clock } from '../../lib/clock';
import { countMessagingAlert } from '../../lib/metrics';
import { fleetStates } from './fleet';
import * as repo from './repo';

/** The episode a state belongs to ('' : nothing to tell): 异常 between two rests is the same outage. */
export function episodeOf(state: CarrierHealthState): '' | 'auth' | 'resting' | 'round_failed' {
  if (state === 'auth' || state === 'round_failed') return state;
  if (state === 'resting' || state === 'failing') return 'resting';
  return '';
}

/**
 * The message of an episode's start, or of its end (episode ''). The name is in the title: the
 * template's card keyword takes letters and digits only, so it carries the account's number.
 */
export function opsMessage(name: string, episode: ReturnType<typeof episodeOf>, detail: string): { title: string; body: string } {
  if (episode === '') return { title: `运营商账号「${name}」已恢复`, body: '已恢复正常同步' };
  return { title: `运营商账号「${name}」${CARRIER_HEALTH_STATE_LABEL[episode]}`, body: detail };
}

/** After a round: tell the operations team of each account whose episode changed. Answers the messages sent. */
export async function alertOperators(ctx: AppContext): Promise<number> {
  const mp = ctx.config.wechatMp;
  const client = ctx.messagingApp;
  const to = mp?.opsOpenids ?? [];
  if (!mp || !client || to.length === 0) return 0;
  const now = clock.now();
  let sent = 0;
  for (const f of await fleetStates(ctx.db.kysely, now)) {
    const episode = episodeOf(f.state);
    if (episode === f.account.alerted_state) continue;
    // another process told them first (or the state moved again since it read it)
    if (!(await repo.markAlerted(ctx.db.kysely, f.account.id, episode))) continue;
    const m = opsMessage(f.account.name, episode, f.detail);
    const data = templateData(mp.templateFields, {
      title: m.title,
      body: m.body,
      card: `carrier-${f.account.id}`,
      time: formatDateTime(now.toISOString()),
    });
    for (const openid of to) {
      try {
        const r = await client.sendTemplate({
          openid,
          templateId: mp.templateId,
          url: alertLink(mp.publicUrl, '/admin'),
          data,
          // one message per account, episode and moment, even when the platform's call is repeated
          clientMsgId: `carrier-${f.account.id}-${episode || 'ok'}-${now.getTime()}`,
        });
        if (r.kind === 'sent') {
          sent += 1;
          countMessagingAlert('carrier_account', 'sent');
        } else countMessagingAlert('carrier_account', 'refused', r.errcode === 43004 ? 'not_following' : 'refused_template');
      } catch (err) {
        const code = err instanceof MessagingAppError ? err.errcode : 0;
        countMessagingAlert('carrier_account', 'failed', code === 0 ? 'unreachable' : 'platform');
        // the openid is not logged (a person's id); the account's name and state are
        ctx.log.warn({ account: f.account.name, episode, errcode: code }, 'operations alert in the messaging app failed');
      }
    }
  }
  return sent;
}
