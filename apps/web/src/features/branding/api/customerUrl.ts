import type { Branding } from '@portal/contract';
import { api } from '../../../lib/api';

/** Public branding of an agent mark (no login needed). */
export function fetchBranding(mark: string, signal?: AbortSignal): Promise<Branding> {
  return api.get<Branding>('/v1/application/customer_url', { mark }, { signal, silent: true });
}
