// The carrier accounts a card may be put on from the console (an import's 运营商账号 column, the bulk
// job 移至运营商账号): the enabled ones. The simulator account (1) only where this deployment runs the
// simulator: without it, a card left on account 1 has no line anyone answers for. There is no
// ownership of accounts by agent yet: an agent administrator may import onto any of them.
import type { AdminAnswerOf } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { SIMULATOR_ACCOUNT_ID, SIMULATOR_KIND, carrierKind } from '../../../integrations/carrier/kinds';
import { simulatorBehind } from '../../../integrations/carrier/simulator';
import { listAccounts, type CarrierAccount } from '../../carriers';

type Choice = AdminAnswerOf<'adminCarrierAccountChoices'>['items'][number];

/** the most account names one message lists */
export const ACCOUNT_NAMES_SHOWN = 10;

/** Whether this deployment's carrier gateway has the simulator behind it (account 1's lines). */
export function runsSimulator(ctx: Pick<AppContext, 'carrier'>): boolean {
  return simulatorBehind(ctx.carrier) !== null;
}

/** An account a card may be put on now. */
export function acceptsCards(account: Pick<CarrierAccount, 'id' | 'enabled'>, simulator: boolean): boolean {
  return account.enabled === 1 && (account.id !== SIMULATOR_ACCOUNT_ID || simulator);
}

/** Every account (by id, for names) and those a card may be put on, in id order. */
export async function cardAccounts(db: Executor, simulator: boolean): Promise<{ all: CarrierAccount[]; accepted: CarrierAccount[] }> {
  const all = await listAccounts(db);
  return { all, accepted: all.filter((a) => acceptsCards(a, simulator)) };
}

/** The accepted names as a message lists them: at most ACCOUNT_NAMES_SHOWN, then 等. */
export function acceptedNames(names: readonly string[]): string {
  if (names.length === 0) return '没有可用的运营商账号';
  const shown = names.slice(0, ACCOUNT_NAMES_SHOWN).join('、');
  return `可选：${shown}${names.length > ACCOUNT_NAMES_SHOWN ? ' 等' : ''}`;
}

export function carrierLabelOf(carrier: string): string {
  if (carrier === SIMULATOR_KIND) return '模拟器';
  return carrierKind(carrier)?.label ?? carrier;
}

/** The choices the console offers. */
export async function accountChoices(ctx: AppContext): Promise<{ items: Choice[] }> {
  const { accepted } = await cardAccounts(ctx.db.kysely, runsSimulator(ctx));
  return {
    items: accepted.map((a) => ({
      id: a.id,
      name: a.name,
      carrier: a.carrier,
      carrier_label: carrierLabelOf(a.carrier),
      default: a.id === SIMULATOR_ACCOUNT_ID,
    })),
  };
}
