import { api } from '../../../lib/api';
import type { RealNameStart, RealNameStatus } from './types';

/** A fresh carrier link every time: links expire (ARCHITECTURE: carrier real-name links). */
export function startRealName(customNum: string, returnPath?: string): Promise<RealNameStart> {
  // The carrier sends the browser back to this portal path (the server accepts same-site paths only).
  return api.post<RealNameStart>('/v1/real_name/start', { custom_num: customNum, return_path: returnPath });
}

/** Asks the carrier again; a card the carrier now knows as real-named becomes verified. */
export function fetchRealNameStatus(customNum: string, signal?: AbortSignal): Promise<RealNameStatus> {
  return api.get<RealNameStatus>('/v1/real_name/status', { custom_num: customNum }, { signal });
}
