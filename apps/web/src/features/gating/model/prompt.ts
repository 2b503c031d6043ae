// What the redirect prompt says and where it goes (docs/spec/portal-spec.md §4 "Redirect
// prompts", §8, §9; docs/spec/decisions.md "Redirect prompt"). Pure: the dialog and the hooks only
// carry it out. The domain's gate result names the reason; ./targets.ts names its page.
import { rechecksAfterLoad, SET_PASSWORD_MESSAGE, cardGate, type GateCard, type GateResult, type GateSetting } from '@portal/domain';
import { GATE_TARGET_PATH } from './targets';

/** docs/spec/portal-spec.md §9: the prompt counts down from 4, one tick a second. */
export const PROMPT_SECONDS = 4;
/** docs/spec/portal-spec.md §9: the gates run again 1000 ms after card info loads. */
export const RECHECK_DELAY_MS = 1000;

/** The names the countdown uses for the pages the gates lead to ("将在 N 秒后前往{页面名}"). */
export const TARGET_NAMES: Readonly<Record<string, string>> = {
  '/bind_card': '绑卡页面',
  '/replace_info': '换卡页面',
  '/select': '套餐系列选择页面',
  '/collect': '信息采集页面',
  '/recharge': '充值页面',
  '/combo': '套餐购买页面',
  '/remind': '实名认证页面',
  '/forgot': '设置密码页面',
};

export function targetName(to: string): string {
  const path = to.split('?')[0];
  return TARGET_NAMES[path] ?? '目标页面';
}

export function countdownText(seconds: number, to: string): string {
  return `将在 ${seconds} 秒后前往${targetName(to)}`;
}

/** What the user is asked. `key` tells prompts apart: the same card sent to the same place. */
export type PromptSpec =
  | {
      kind: 'redirect';
      key: string;
      message: string;
      to: string;
      /** a step the holder may skip (setting a card password): asked, never taken there by a countdown */
      optional?: boolean;
    }
  | { kind: 'block'; key: string; message: string; serviceForm: string };

/** Pages that take the originating route's name as `form` (docs/spec/portal-spec.md §2). */
const TAKES_FORM: ReadonlySet<string> = new Set(['/select', '/replace_info']);

export interface PromptContext {
  customNum: string;
  /** name of the route the gate ran for (the page asked for, or home/mine after a load) */
  routeName: string;
}

/** The prompt for a gate result, or null when the user may go on. */
export function promptFor(result: GateResult, ctx: PromptContext): PromptSpec | null {
  if (result.kind === 'pass') return null;
  if (result.kind === 'block') return { kind: 'block', key: `${ctx.customNum}:block`, message: result.message, serviceForm: ctx.routeName };
  const target = GATE_TARGET_PATH[result.reason];
  const to = TAKES_FORM.has(target) ? `${target}?form=${encodeURIComponent(ctx.routeName)}` : target;
  return { kind: 'redirect', key: `${ctx.customNum}:${target}`, message: result.message, to };
}

export const SET_PASSWORD_TARGET = '/forgot?set=true';

/** A card password is a convenience (the account login works without one): the holder is asked and
 *  stays where they are unless they choose to go (decision 0070: a countdown took them off home). */
export function setPasswordPrompt(customNum: string): PromptSpec {
  return {
    kind: 'redirect',
    key: `${customNum}:${SET_PASSWORD_TARGET}`,
    message: SET_PASSWORD_MESSAGE,
    to: SET_PASSWORD_TARGET,
    optional: true,
  };
}

/** Whether a prompt moves the holder by itself when its countdown ends: only for a step the card
 *  needs before the page can serve it (real-name, a package, …), never for an optional one. */
export const countsDown = (spec: Extract<PromptSpec, { kind: 'redirect' }>): boolean => !spec.optional;

/** What a page that shows the card whatever it still needs (/flow: the usage of a card without a
 *  package or not yet real-named) says instead of sending the holder away: the gate's words and the
 *  page that settles it, or online service for a cancelled card (decision 0070). Null when all is well. */
export function stepStillNeeded(result: GateResult, ctx: PromptContext): { message: string; to: string; label: string } | null {
  const prompt = promptFor(result, ctx);
  if (!prompt) return null;
  if (prompt.kind === 'block')
    return { message: prompt.message, to: `/customer?form=${encodeURIComponent(ctx.routeName)}`, label: '联系客服' };
  return { message: prompt.message, to: prompt.to, label: `前往${targetName(prompt.to)}` };
}

/**
 * The gates after card info loads (spec "After loading card info"): MoreCard, NaiZu and the
 * wifi-device family skip them; otherwise a failing gate prompts, and a passing one goes on to
 * the card-password check.
 */
export type AfterLoadStep = { kind: 'skip' } | { kind: 'prompt'; prompt: PromptSpec } | { kind: 'checkPassword' };

export function afterLoadStep(card: GateCard, setting: GateSetting, ctx: PromptContext): AfterLoadStep {
  if (!rechecksAfterLoad(card.supplier)) return { kind: 'skip' };
  const prompt = promptFor(cardGate(card, setting), ctx);
  return prompt ? { kind: 'prompt', prompt } : { kind: 'checkPassword' };
}

/** After the gates pass: a card without a login password, where the agent offers card login, is sent to set one. */
export function needsPassword(answer: { has_password: boolean; card_login: boolean }): boolean {
  return answer.card_login && !answer.has_password;
}
