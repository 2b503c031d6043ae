import type { BrandingFull } from '@portal/contract';
import { api } from '../../../lib/api';

/** Branding of the card's agent, with hotline and logo (login needed). */
export function fetchBrandingOfCard(customNum: string, signal?: AbortSignal): Promise<BrandingFull> {
  return api.get<BrandingFull>('/v2/application/info', { custom_num: customNum }, { signal, silent: true });
}
