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
