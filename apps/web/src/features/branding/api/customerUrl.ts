import type { Branding } from '@portal/contract';
import * as api from '@portal/contract/routes/branding';
import { call } from '../../../lib/api';

/** Public branding of an agent mark (no login needed). */
export function fetchBranding(mark: string, signal?: AbortSignal): Promise<Branding> {
  return call(api.customerUrl, { mark }, { signal, silent: true });
}
