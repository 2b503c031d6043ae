// Which card is "current" and what is remembered about it (docs/spec/portal-spec.md §3).
import type { BoundCard, CardInfoAnswer } from '@portal/contract';
import type { LocalStorage } from '../../../lib/storage';

/** Keep the stored card while it is still bound; otherwise the first bound card; none if no cards. */
export function chooseCurrentCard(stored: string | undefined, list: readonly Pick<BoundCard, 'custom_num'>[]): string | undefined {
  if (stored && list.some((c) => c.custom_num === stored)) return stored;
  return list[0]?.custom_num;
}

/** After an unbind: the current card stays unless it was the one removed. */
export function currentAfterUnbind(
  current: string | undefined,
  removed: string,
  list: readonly Pick<BoundCard, 'custom_num'>[],
): string | undefined {
  const rest = list.filter((c) => c.custom_num !== removed);
  return chooseCurrentCard(current === removed ? undefined : current, rest);
}

/** Keeps a card-info answer for the card gates and the next visit. */
export function rememberCardInfo(answer: CardInfoAnswer, store: LocalStorage): void {
  const { info } = answer;
  if (store.get('customNum') !== info.custom_num) return; // the user switched cards meanwhile
  store.set('cardInfo', info);
}

/** Makes a card current; its cached info belongs to the previous card and goes. */
export function switchCard(customNum: string, store: LocalStorage): void {
  if (store.get('customNum') === customNum) return;
  store.remove('cardInfo');
  store.set('customNum', customNum);
}
