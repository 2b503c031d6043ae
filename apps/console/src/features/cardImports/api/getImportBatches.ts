import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

// a batch as listed (the commit's answer also carries the new cards' passwords, shown once)
export type ImportBatch = AdminAnswerOf<'adminCardImportBatches'>['items'][number];

export const useImportBatches = () =>
  useQuery({ queryKey: queryKeys.cardImports.all, queryFn: () => call(admin.adminCardImportBatches, {}) });
