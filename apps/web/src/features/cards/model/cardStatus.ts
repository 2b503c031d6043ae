import { CARD_STATE_LABEL, CardState } from '@portal/contract/enums';

export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

/** Status label (docs/spec/portal-spec.md §3, card status) and the colour it is shown in. */
export function cardStatus(state: number): { label: string; tone: Tone } {
  const label = CARD_STATE_LABEL[state] ?? '未知状态';
  switch (state) {
    case CardState.Activated:
    case CardState.Testable:
      return { label, tone: 'success' };
    case CardState.Initial:
    case CardState.AllowActivate:
      return { label, tone: 'warning' };
    case CardState.Stopped:
    case CardState.ReachedDisconnect:
    case CardState.Cancelled:
      return { label, tone: 'danger' };
    default:
      return { label, tone: 'neutral' };
  }
}

/**
 * The status chip of a line whose problem is known (the line read model's code): a card on another
 * carrier's platform has no state that platform vouches for, so its stored state (已激活) is not
 * shown beside 卡状态暂时无法查询 (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md).
 * Every other problem keeps the stored state's chip: it is the carrier's word.
 */
export function lineStatus(state: number, problemCode?: string | null): { label: string; tone: Tone } {
  if (problemCode === 'wrong_platform') return { label: '状态无法查询', tone: 'warning' };
  return cardStatus(state);
}
