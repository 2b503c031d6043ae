import * as api from '@portal/contract/routes/realName';
import { call } from '../../../lib/api';
import type { RealNameStart, RealNameStatus } from '@portal/contract';

/** A fresh carrier link every time: links expire (docs/decisions/0005-real-name-and-gates.md). */
export function startRealName(customNum: string, returnPath?: string): Promise<RealNameStart> {
  // The carrier sends the browser back to this portal path (the server accepts same-site paths only).
  return call(api.realNameStart, { custom_num: customNum, return_path: returnPath });
}

/** Asks the carrier again; a card the carrier now knows as real-named becomes verified. */
export function fetchRealNameStatus(customNum: string, signal?: AbortSignal): Promise<RealNameStatus> {
  return call(api.realNameStatus, { custom_num: customNum }, { signal });
}
