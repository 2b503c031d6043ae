import type { UpgradeRefusal } from '@portal/contract';

/** What a refusal offers instead: renew (去续订) or buy a package (订购套餐), both on the device's plans page. */
export function refusalAction(action: UpgradeRefusal['action']): { label: string; to: string } | null {
  if (action === 'renew') return { label: '去续订', to: '/cpe_combo' };
  if (action === 'buy') return { label: '订购套餐', to: '/cpe_combo' };
  return null;
}
