import type { Branding } from '@portal/contract';
import { call } from '../../../lib/api';

/** Public branding of an agent mark (no login needed). */
export function fetchBranding(mark: string, signal?: AbortSignal): Promise<Branding> {
  return call('customerUrl', { mark }, { signal, silent: true });
}
