// The carrier gateway the portal's modules use (ctx.carrier): each card's question goes to the
// card's account — the simulator as it always did, or a real platform's adapter through the guard
// (limits, retries, circuit). Real platforms keep few days of daily usage and answer the month to
// date: usage() reads the days the platform keeps and makes today's row what the month figure
// leaves (./reconcile.ts), so the month's rows always add up to the platform's figure.
import { CARRIER_LABEL } from '@portal/contract/enums';
import { changeAnswerRaw } from '@portal/domain/carrierCodes/changeAnswer';
import { chinaDate } from '@portal/domain';
import type { Db } from '../../db/connect';
import type { Card } from '../../db/schema';
import { CarrierError, UnknownChangeAnswer, type CarrierAdapter, type LineRef } from '../../integrations/carrier/adapter';
import type { CarrierGateway, DailyUsage, LineStatus, LineTest, NetworkOption, RealNameLink } from '../../integrations/carrier/gateway';
import { SIMULATOR_ACCOUNT_ID, carrierKind } from '../../integrations/carrier/kinds';
import type { CarrierSimulator } from '../../integrations/carrier/simulator';
import { clock } from '../../lib/clock';
import { cardRecord } from '../cardRecord';
import { addDays, chinaDayOf, dayRange, storedDailyUsage } from '../usage';
import type { AccountAdapters } from './adapters';
import type { CarrierGuard, GuardedAccount } from './guard';
import { periodStartOf, reconcileMonth } from './reconcile';
import { pastDaysToRead } from './readDays';
import * as repo from './repo';

type LineCard = Pick<Card, 'id' | 'custom_num' | 'iccid' | 'isdn' | 'imsi' | 'flow_synced_at' | 'auth_state' | 'carrier_account_id'>;

interface RealLine {
  card: LineCard;
  account: repo.CarrierAccount;
  guarded: GuardedAccount;
  adapter: CarrierAdapter;
  ref: LineRef;
}

/** Daily figures read in a batch by the sync round stay usable this long for the cards' own syncs. */
const PREFETCH_TTL_MS = 10 * 60_000;
const PREFETCH_MAX = 200_000;

export function lineRefOf(card: Pick<Card, 'custom_num' | 'iccid' | 'isdn' | 'imsi'>): LineRef {
  return { customNum: card.custom_num, iccid: card.iccid, msisdn: card.isdn, imsi: card.imsi };
}

export class AccountsCarrierGateway implements CarrierGateway {
  private readonly prefetched = new Map<string, { kb: number; at: number }>();
  private readonly inStep = new Map<string, LineCard>();
  private readonly heldAccounts = new Map<number, repo.CarrierAccount>();

  constructor(
    private readonly db: Db,
    /** the simulator behind account 1; null when the deployment runs real carriers only (config carrierSimulatorMounted) */
    readonly standIn: CarrierSimulator | null,
    readonly adapters: AccountAdapters,
    readonly guard: CarrierGuard,
  ) {}

  /** Account 1's lines: the simulator, or a refusal where the deployment runs none. */
  private get simulator(): CarrierSimulator {
    if (!this.standIn)
      throw new CarrierError('unsupported', 'this deployment runs no carrier simulator: move the card to a carrier account');
    return this.standIn;
  }

  /** The card's real line, or null when its account is the simulator. */
  private async real(customNum: string): Promise<RealLine | null> {
    const card = this.inStep.get(customNum) ?? (await cardRecord.cardByNum(this.db.kysely, customNum));
    if (!card || card.carrier_account_id === SIMULATOR_ACCOUNT_ID) return null;
    return this.realOf(card);
  }

  /**
   * The round's step hands its account's row and its cards' rows, just read, for the questions it
   * is about to ask (status, usage): each would otherwise read the card and the account again — at
   * a hundred thousand cards, a third of the round's queries (docs/capacity.md). Until the returned
   * function is called.
   */
  holdStep(account: repo.CarrierAccount, cards: LineCard[]): () => void {
    for (const c of cards) this.inStep.set(c.custom_num, c);
    this.heldAccounts.set(account.id, account);
    return () => {
      for (const c of cards) this.inStep.delete(c.custom_num);
      this.heldAccounts.delete(account.id);
    };
  }

  async realOf(card: LineCard): Promise<RealLine> {
    const account = this.heldAccounts.get(card.carrier_account_id) ?? (await repo.accountById(this.db.kysely, card.carrier_account_id));
    if (!account) throw new CarrierError('unsupported', `card ${card.custom_num}: no carrier account ${card.carrier_account_id}`);
    if (account.enabled !== 1) throw new CarrierError('unavailable', `carrier account ${account.name} is disabled`);
    return { card, account, guarded: this.adapters.guarded(account), adapter: this.adapters.adapterOf(account), ref: lineRefOf(card) };
  }

  private call<T>(line: RealLine, what: string, f: (a: CarrierAdapter) => Promise<T>): Promise<T> {
    return this.guard.call(line.guarded, what, () => f(line.adapter));
  }

  async lineStatus(customNum: string): Promise<LineStatus> {
    const line = await this.real(customNum);
    if (!line) return this.simulator.lineStatus(customNum);
    const s = await this.call(line, 'lineState', (a) => a.lineState(line.ref));
    // the console finds a card by its IMSI (036); imports seldom carry it, the platform knows it
    if (s.imsi && s.imsi !== line.card.imsi) await cardRecord.setImsi(this.db.kysely, line.card.id, s.imsi);
    // the status query does not always say real-name: the stored fact stands (modules/realName asks on its own)
    return { status: s.state, realNamed: s.realNamed ?? line.card.auth_state === 1, stopReason: s.stopReason, rawState: s.rawState };
  }

  async lineTest(customNum: string): Promise<LineTest> {
    const line = await this.real(customNum);
    if (!line) return this.simulator.lineTest(customNum);
    return this.call(line, 'lineTest', (a) => a.lineTest(line.ref));
  }

  /** Read a day's figures for many cards of one account in the platform's batches (the sync round). */
  async prefetchDaily(cards: LineCard[], day: string): Promise<number> {
    if (cards.length === 0) return 0;
    const line = await this.realOf(cards[0]!);
    const size = Math.max(1, line.adapter.limits.dailyBatchSize);
    let calls = 0;
    for (let i = 0; i < cards.length; i += size) {
      const refs = cards.slice(i, i + size).map(lineRefOf);
      const got = await this.call(line, 'dailyUsage', (a) => a.dailyUsage(refs, day));
      calls += 1;
      const at = Date.now();
      if (this.prefetched.size + got.size > PREFETCH_MAX) this.prefetched.clear();
      for (const [num, kb] of got) this.prefetched.set(`${line.account.id}|${num}|${day}`, { kb, at });
    }
    return calls;
  }

  private takePrefetched(accountId: number, customNum: string, day: string): number | undefined {
    const key = `${accountId}|${customNum}|${day}`;
    const hit = this.prefetched.get(key);
    if (!hit) return undefined;
    this.prefetched.delete(key);
    return Date.now() - hit.at <= PREFETCH_TTL_MS ? hit.kb : undefined;
  }

  /**
   * The platform's figures for the card, on the platform's calendar (China days): every past day it
   * reports on a first read, the days it may still revise on a later one (./readDays.ts), and
   * today's row made what the platform's month figure leaves after the other days of its period
   * (./reconcile.ts), so the period's rows add up to the platform's figure to the KB. May answer
   * days before `fromDay` (revisions): the caller stores them over its own.
   */
  async usage(customNum: string, fromDay: string, toDay: string, now: Date): Promise<DailyUsage[]> {
    const line = await this.real(customNum);
    if (!line) return this.simulator.usage(customNum, fromDay, toDay, now);
    const today = chinaDate(now);
    const limits = line.adapter.limits;
    const past = pastDaysToRead({
      today,
      lastSyncedDay: chinaDayOf(line.card.flow_synced_at),
      historyDays: limits.dailyHistoryDays,
      settleDays: limits.dailySettleDays ?? 1,
    });
    const out: DailyUsage[] = [];
    // a platform that answers a line's period at once is asked once, today included
    let wholeTodayKb: number | undefined;
    if (line.adapter.lineDays) {
      const from = past?.from ?? today;
      const got = await this.call(line, 'lineDays', (a) => a.lineDays!(line.ref, from, today));
      for (const [day, kb] of got) if (day >= from && day < today) out.push({ day, usedKb: kb });
      wholeTodayKb = got.get(today);
    } else if (past) {
      for (const day of dayRange(past.from, past.to)) {
        const kb =
          this.takePrefetched(line.account.id, customNum, day) ??
          (await this.call(line, 'dailyUsage', (a) => a.dailyUsage([line.ref], day))).get(customNum);
        if (kb !== undefined) out.push({ day, usedKb: kb });
      }
    }
    if (toDay < today) return out;
    const monthKb = await this.call(line, 'monthUsage', (a) => a.monthUsage(line.ref));
    const monthStart = periodStartOf(today, limits.usagePeriodStartDay);
    const known = new Map(
      (await storedDailyUsage(this.db.kysely, line.card.id, monthStart, addDays(today, -1))).map((r) => [r.day, r.used_kb]),
    );
    for (const r of out) known.set(r.day, r.usedKb);
    // days of the period before what the platform reports day by day, with no record of ours (a
    // first read, or a card not read for longer than the platform keeps): the platform gives only
    // their total, within its month figure; it goes on the last of them, never on today
    const beforeWindow = addDays(past?.from ?? today, -1);
    const uncovered = beforeWindow >= monthStart && !known.has(beforeWindow) ? beforeWindow : undefined;
    const todayKb =
      uncovered === undefined
        ? undefined
        : line.adapter.lineDays
          ? wholeTodayKb
          : (await this.call(line, 'dailyUsage', (a) => a.dailyUsage([line.ref], today))).get(customNum);
    const r = reconcileMonth({
      today,
      periodStart: monthStart,
      monthKb,
      known,
      ...(todayKb !== undefined ? { todayKb, uncoveredDay: uncovered } : {}),
    });
    out.push({ day: today, usedKb: r.todayKb });
    if (r.earlier) out.push({ day: r.earlier.day, usedKb: r.earlier.kb });
    return out;
  }

  async realNameStatus(customNum: string): Promise<{ realNamed: boolean }> {
    const line = await this.real(customNum);
    if (!line) return this.simulator.realNameStatus(customNum);
    return { realNamed: await this.call(line, 'realNameStatus', (a) => a.realNameStatus(line.ref)) };
  }

  /** Platforms take no return URL (docs/decisions/0030): the holder comes back by our own link. */
  async realNameLink(customNum: string, mode: number, ticket: string, returnUrl: string): Promise<RealNameLink> {
    const line = await this.real(customNum);
    if (!line) return this.simulator.realNameLink(customNum, mode, ticket);
    void returnUrl;
    const start = await this.call(line, 'realNameStart', (a) => a.realNameStart(line.ref, mode));
    // while a verification is pending the round asks the platform about it (./round.ts)
    await cardRecord.wantSync(this.db.kysely, line.card.id, clock.iso());
    return { url: start.url, reference: start.reference };
  }

  /** A line on a real platform is on its one network: switching belongs to the device or a multi-network platform. */
  async networks(customNum: string): Promise<NetworkOption[]> {
    const line = await this.real(customNum);
    if (!line) return this.simulator.networks(customNum);
    const network = carrierKind(line.account.carrier)?.network ?? 0;
    return [{ carrier: network, name: CARRIER_LABEL[network] ?? '未知网络', active: true, signal: 0 }];
  }

  async switchNetwork(customNum: string, carrier: number): Promise<void> {
    const line = await this.real(customNum);
    if (!line) return this.simulator.switchNetwork(customNum, carrier);
    throw new CarrierError('unsupported', `card ${customNum}: its platform has no network switching`);
  }

  async suspend(customNum: string): Promise<void> {
    await this.setService(customNum, false);
  }

  async resume(customNum: string): Promise<void> {
    await this.setService(customNum, true);
  }

  /**
   * Accepted is not done: the card is marked for the next round, which reads the state the platform
   * reached. An answer code we do not know leaves the line's state unknown: the card says so
   * (状态未知, with the code for support) instead of keeping a state that may no longer be true,
   * until the round reads the line; the caller still hears that the change failed.
   */
  private async setService(customNum: string, on: boolean): Promise<void> {
    const line = await this.real(customNum);
    if (!line) return on ? this.simulator.resume(customNum) : this.simulator.suspend(customNum);
    try {
      await this.call(line, on ? 'resume' : 'suspend', (a) => a.setService(line.ref, on));
    } catch (err) {
      if (err instanceof UnknownChangeAnswer) {
        await cardRecord.setCarrierStateUnknown(this.db.kysely, line.card.id, changeAnswerRaw(on, err.code), clock.iso());
      }
      throw err;
    }
    await cardRecord.wantSync(this.db.kysely, line.card.id, clock.iso());
  }
}
