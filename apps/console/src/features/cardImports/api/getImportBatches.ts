import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type ImportBatch = AdminAnswerOf<'adminCardImportCommit'>;

export const useImportBatches = () => useQuery({ queryKey: queryKeys.cardImports.all, queryFn: () => call('adminCardImportBatches', {}) });
