import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export interface ShipFields {
  carrier: string;
  tracking_no: string;
  new_custom_num?: string;
}

export const markShipped = (id: number, v: ShipFields) =>
  call(admin.adminReplacementMove, {
    id,
    to: 'shipped',
    carrier: v.carrier.trim(),
    tracking_no: v.tracking_no.trim(),
    new_custom_num: v.new_custom_num?.trim() ?? '',
  });

export const markDone = (id: number) => call(admin.adminReplacementMove, { id, to: 'done' });

export const reject = (id: number, reason: string) => call(admin.adminReplacementMove, { id, to: 'rejected', reason });

/** After any move: the queue is asked again. */
export const invalidateReplacements = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryKeys.replacements.all });
