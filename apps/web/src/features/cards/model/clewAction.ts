import type { ClewAnswer } from '@portal/contract';

/**
 * The button of a home reminder: only a page of this portal ("/combo", "/customer?form=home"),
 * never an outside or protocol-relative address, whatever the answer says. null = no button.
 */
export function clewAction(clew: Pick<ClewAnswer, 'action'> | undefined): { text: string; path: string } | null {
  const action = clew?.action;
  if (!action || !action.text) return null;
  return /^\/(?![/\\])/.test(action.path) ? action : null;
}
