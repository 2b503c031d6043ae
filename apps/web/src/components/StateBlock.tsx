import type { ReactNode } from 'react';
import { ERROR_ICON, StateFrame } from './StateFrame';

export { LoadFailed } from './StateFrame';

interface Props {
  kind: 'empty' | 'error';
  text: string;
  action?: ReactNode;
}

const EMPTY_ICON = (
  <>
    <rect x="14" y="10" width="36" height="44" rx="6" fill="#e8f1ff" />
    <rect x="21" y="30" width="22" height="16" rx="3" fill="#b9d6ff" />
    <path d="M21 20h14" stroke="#b9d6ff" strokeWidth="3" strokeLinecap="round" />
  </>
);

/** An empty list or a failed load, with what the user can do about it. */
export function StateBlock({ kind, text, action }: Props) {
  return <StateFrame alert={kind === 'error'} icon={kind === 'empty' ? EMPTY_ICON : ERROR_ICON} text={text} action={action} />;
}
