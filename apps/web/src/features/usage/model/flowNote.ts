// The one note /flow shows above the figures (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md):
// a card on another carrier's platform first — the figures below are not that platform's and will
// not move, whatever else the card still needs — otherwise what the gate says the card still needs.
import type { LineProblem } from '@portal/contract';

export interface FlowNote {
  message: string;
  to: string;
  label: string;
}

export function flowNote(needed: FlowNote | null, problem: LineProblem | null | undefined): FlowNote | null {
  if (problem?.code === 'wrong_platform')
    return { message: `${problem.title}：${problem.detail}`, to: '/customer?form=flow', label: problem.fix?.text ?? '联系客服' };
  return needed;
}
