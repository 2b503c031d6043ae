import type { BrandingFull } from '@portal/contract';
import * as api from '@portal/contract/routes/branding';
import { call } from '../../../lib/api';

/** Branding of the card's agent, with hotline and logo (login needed). */
export function fetchBrandingOfCard(customNum: string, signal?: AbortSignal): Promise<BrandingFull> {
  return call(api.applicationInfo, { custom_num: customNum }, { signal, silent: true });
}
