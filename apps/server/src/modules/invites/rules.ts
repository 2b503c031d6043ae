// Pure rules of invitations (table-tested in rules.test.ts; docs/decisions/0019).
import type { InviteState, InviteStep } from '@portal/contract';

export interface InviteFacts {
  created_at: string;
  /** when the invitee bound a first card ('' not yet) */
  card_bound_at: string;
  first_paid_at: string;
  rewarded_at: string;
  reward_growth: number;
  void_reason: string;
}

/** Where an invitation stands: void wins; otherwise the furthest step reached. */
export function inviteStateOf(f: InviteFacts): InviteState {
  if (f.void_reason) return 'void';
  if (f.rewarded_at) return 'rewarded';
  if (f.first_paid_at) return 'paid';
  if (f.card_bound_at) return 'card_bound';
  return 'registered';
}

export const INVITE_STATE_LABEL: Record<InviteState, string> = {
  registered: '已注册，待绑卡',
  card_bound: '已绑卡，待首单',
  paid: '已购套餐，退款期后发放奖励',
  rewarded: '奖励已发放',
  void: '已失效',
};

/** The four steps of an invitation, each done or not, with when. */
export function inviteStepsOf(f: InviteFacts): InviteStep[] {
  return [
    { key: 'registered', label: '注册成功', done: true, at: f.created_at },
    { key: 'card_bound', label: '绑定卡片', done: Boolean(f.card_bound_at), at: f.card_bound_at },
    { key: 'first_order', label: '首次购买套餐', done: Boolean(f.first_paid_at), at: f.first_paid_at },
    { key: 'reward', label: '奖励发放', done: Boolean(f.rewarded_at) && !f.void_reason, at: f.void_reason ? '' : f.rewarded_at },
  ];
}

/** 8 characters from an alphabet without 0/O/1/I/L: read aloud or typed from a poster without mistakes. */
export const INVITE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function inviteCodeOf(randomIndexes: readonly number[]): string {
  return randomIndexes
    .slice(0, 8)
    .map((i) => INVITE_ALPHABET[i % INVITE_ALPHABET.length])
    .join('');
}
export const INVITE_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{8}$/;

/** 138****0001: an invitee's mobile is never shown whole to the inviter. */
export function maskMobile(mobile: string | null): string {
  return mobile && mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '****';
}
