import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type VoucherBatch = AdminAnswerOf<'adminVoucherBatches'>['items'][number];

/** 发放记录, newest first by keyset: ListPage's key and pages. */
export const voucherBatchesList = () => ({
  queryKey: queryKeys.voucherBatches.all,
  fetchPage: (cursor: number | undefined) => call(admin.adminVoucherBatches, { limit: 50, ...(cursor ? { before_id: cursor } : {}) }),
});
