// The rules of a bulk job, pure (docs/decisions/0027): which cards a request names, what the job
// keeps of its parameters, whether a card may take the action (and why not, in the operator's
// words), the change of the card's row with what its audit row says before and after, and a job's
// counts per result. bulkJobs.ts (the request), bulkJobRunner.ts (the background run) and
// actions.ts (one card from its story) apply them; none of them reads or writes anything here.
import { BULK_MAX_CARDS, type AuditAction, type BulkKind } from '@portal/contract/admin';
import { CARRIER_LABEL, CardState } from '@portal/contract/enums';
import { issuerCarrierOf } from '@portal/domain/network';
import { seriesIdsOf, type BulkCardChange } from '../../cardRecord';
import { lineageOf } from './importRules';

/** What a bulk action reads of a card. */
export interface CardFacts {
  id: number;
  custom_num: string;
  agent_id: number;
  state: number;
  need_change_card: number;
  package_series_ids: string;
  carrier_account_id: number;
}

/** An action's parameters, as checked when the job was asked. */
export interface Params {
  seriesId?: number;
  agentId?: number;
  accountId?: number;
  /** the target account's name when the job was asked (the job's params show it) */
  accountName?: string;
  /** cards whose ICCID another carrier issued, moved on the operator's confirmation (the job's params show how many) */
  crossCarrierCards?: number;
}

/** A card whose ICCID another carrier issued than the target account's. */
export interface CrossCarrierCard {
  custom_num: string;
  /** the issuer's carrier number (CARRIER_LABEL) */
  issuer: number;
}

/** the most card numbers a cross-carrier refusal names */
export const CROSS_CARRIER_NAMED = 5;

/**
 * The cards a move onto account `target` (its network: a CARRIER_LABEL number; null: the simulator
 * or a kind without one) would put on another carrier's platform, by their ICCID's issuer code. A
 * card already on the account is not moved (the job skips it), so not judged; nor is a card whose
 * ICCID does not tell (empty, foreign, unknown code): the platform will say.
 */
export function crossCarrierCards(
  cards: readonly { custom_num: string; iccid: string; carrier_account_id: number }[],
  target: { id: number; network: number | null },
): CrossCarrierCard[] {
  if (target.network === null) return [];
  const out: CrossCarrierCard[] = [];
  for (const c of cards) {
    if (c.carrier_account_id === target.id) continue;
    const issuer = issuerCarrierOf(c.iccid);
    if (issuer !== null && issuer !== target.network) out.push({ custom_num: c.custom_num, issuer });
  }
  return out;
}

/** The refusal of a cross-carrier move, in words: how many, which (a few), whose, and how to go on. */
export function crossCarrierProblem(cards: readonly CrossCarrierCard[], account: { name: string; network: number }): string | null {
  if (cards.length === 0) return null;
  const named = cards
    .slice(0, CROSS_CARRIER_NAMED)
    .map((c) => `${c.custom_num}（${CARRIER_LABEL[c.issuer] ?? '其他运营商'}）`)
    .join('、');
  const more = cards.length > CROSS_CARRIER_NAMED ? ' 等' : '';
  return (
    `${cards.length} 张卡的 ICCID 不属于${CARRIER_LABEL[account.network] ?? '该运营商'}，不能移至运营商账号「${account.name}」：${named}${more}。` +
    '该平台不认识这些卡，移入后无法同步与停复机。如确需移动（如已转网），请勾选“确认跨运营商移动”并在原因中说明'
  );
}

const SUSPEND_REASON = '管控停机';

/** The cards a request names: trimmed, blanks dropped, the same number twice is one card. */
export function cardNumbersOf(raw: readonly string[]): string[] {
  return [...new Set(raw.map((n) => n.trim()).filter(Boolean))];
}

/** Why a job cannot take these cards, or null. */
export function cardCountProblem(nums: readonly string[]): string | null {
  if (nums.length === 0) return '请至少选择一张卡';
  if (nums.length > BULK_MAX_CARDS) return `一次最多 ${BULK_MAX_CARDS} 张卡`;
  return null;
}

/** What the job keeps of its parameters (bulk_jobs.params, shown on the job's page). */
export function paramsJson(p: Params): string {
  return JSON.stringify({
    ...(p.seriesId ? { series_id: p.seriesId } : {}),
    ...(p.agentId ? { agent_id: p.agentId } : {}),
    ...(p.accountId ? { carrier_account_id: p.accountId, carrier_account_name: p.accountName } : {}),
    ...(p.crossCarrierCards ? { cross_carrier_cards: p.crossCarrierCards } : {}),
  });
}

/** The parameters a job kept, for its run. */
export function paramsOf(json: string): Params {
  const kept = JSON.parse(json) as { series_id?: number; agent_id?: number; carrier_account_id?: number };
  return { seriesId: kept.series_id, agentId: kept.agent_id, accountId: kept.carrier_account_id };
}

/** What an action checks before it changes anything: null = go ahead, else why not. */
export function refusal(
  kind: BulkKind,
  card: Pick<CardFacts, 'state' | 'need_change_card' | 'agent_id' | 'package_series_ids'> & Partial<Pick<CardFacts, 'carrier_account_id'>>,
  p: Params,
): string | null {
  switch (kind) {
    case 'suspend':
      if (card.state === CardState.Stopped) return '已是停机状态';
      if (card.state === CardState.Cancelled) return '已销户，不能停机';
      return null;
    case 'resume':
      if (card.state !== CardState.Stopped) return '不是停机状态，无需复机';
      return null;
    case 'mark_replacement':
      return card.need_change_card === 1 ? '已标记换卡' : null;
    case 'set_series':
      return JSON.stringify(seriesIdsOf(card.package_series_ids)) === JSON.stringify([p.seriesId]) ? '已是该套餐系列' : null;
    case 'move_agent':
      return card.agent_id === p.agentId ? '已属于该代理' : null;
    case 'move_carrier_account':
      return card.carrier_account_id === p.accountId ? '已在该运营商账号，跳过' : null;
  }
}

/** What a batch knows once for all its cards: the series' agent, the target account as it is now. */
export interface BatchTarget {
  seriesAgent: number | null;
  /** agent → its parent: a sub-agent's card may carry a series of an agent above it (docs/decisions/0067) */
  parentOf?: ReadonlyMap<number, number | null>;
  /** the target carrier account takes cards now (enabled; the simulator only where it runs) */
  accountOpen: boolean;
}

/** Why a card of a running job fails, and whether its item keeps the card's id; null = go ahead. */
export interface CardFailure {
  message: string;
  keepsCard: boolean;
}

/**
 * One card of a running job, before the carrier is asked: `card` undefined when no card has the
 * number; `visible` false when the card is another agent's than the asker's.
 */
export function cardFailure(
  kind: BulkKind,
  card: CardFacts | undefined,
  visible: boolean,
  p: Params,
  target: BatchTarget,
): CardFailure | null {
  // a card of another agent answers as if it did not exist (agent scope): its id is not kept either
  if (!card || !visible) return { message: '卡号不存在', keepsCard: false };
  const why = refusal(kind, card, p);
  if (why) return { message: why, keepsCard: true };
  if (kind === 'set_series' && !seriesFits(target.seriesAgent, card.agent_id, target.parentOf))
    return { message: '套餐系列不属于该卡的代理', keepsCard: true };
  // disabled (or gone) since the job was asked: its cards stay where they are
  if (kind === 'move_carrier_account' && !target.accountOpen) return { message: '目标运营商账号已停用或不可用', keepsCard: true };
  return null;
}

/** Whether a card of `cardAgent` may carry a series of `seriesAgent`: its own agent's or one above it (docs/decisions/0067). */
export function seriesFits(seriesAgent: number | null, cardAgent: number, parentOf?: ReadonlyMap<number, number | null>): boolean {
  return seriesAgent !== null && lineageOf(cardAgent, parentOf).includes(seriesAgent);
}

export interface CardChange {
  action: AuditAction;
  /** the columns of the card's row; null when the change is not a column (the carrier account) */
  set: BulkCardChange | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The change of the card's row and what its audit row says before and after. */
export function changeOf(kind: BulkKind, card: CardFacts, p: Params, accountNames: ReadonlyMap<number, string>): CardChange {
  switch (kind) {
    case 'suspend':
      return {
        action: 'card.suspended',
        set: { state: CardState.Stopped, stop_reason: SUSPEND_REASON },
        before: { state: card.state },
        after: { state: CardState.Stopped, stop_reason: SUSPEND_REASON },
      };
    case 'resume':
      return {
        action: 'card.resumed',
        set: { state: CardState.Activated, stop_reason: '' },
        before: { state: card.state },
        after: { state: CardState.Activated },
      };
    case 'mark_replacement':
      return {
        action: 'card.marked_replacement',
        set: { need_change_card: 1 },
        before: { need_change_card: card.need_change_card },
        after: { need_change_card: 1 },
      };
    case 'set_series':
      return {
        action: 'card.series_set',
        set: { package_series_ids: JSON.stringify([p.seriesId]) },
        before: { package_series_ids: seriesIdsOf(card.package_series_ids) },
        after: { package_series_ids: [p.seriesId] },
      };
    case 'move_agent':
      return {
        action: 'card.agent_moved',
        set: { agent_id: p.agentId! },
        before: { agent_id: card.agent_id },
        after: { agent_id: p.agentId },
      };
    case 'move_carrier_account':
      // not a column of BulkCardChange: cardRecord.setCarrierAccount also marks the card for the sync engine
      return {
        action: 'card.carrier_account_moved',
        set: null,
        before: { carrier_account_id: card.carrier_account_id, carrier_account: accountNames.get(card.carrier_account_id) ?? '' },
        after: { carrier_account_id: p.accountId, carrier_account: accountNames.get(p.accountId!) ?? '' },
      };
  }
}

export interface ItemCounts {
  ok: number;
  failed: number;
  pending: number;
}

/** A job's counts per result from its items' counts by status (a status not known is left out). */
export function itemCountsOf(rows: readonly { status: string; n: number | string }[]): ItemCounts {
  const counts: ItemCounts = { ok: 0, failed: 0, pending: 0 };
  for (const r of rows) if (r.status in counts) counts[r.status as keyof ItemCounts] = Number(r.n);
  return counts;
}
