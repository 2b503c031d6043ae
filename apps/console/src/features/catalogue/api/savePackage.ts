import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { packageBody, type PackageFields } from '../model/packageForm';
import { useCatalogueSave } from './useCatalogueSave';
import * as admin from '@portal/contract/routes/admin';

/** A package's save: its list and the series' package counts are asked again. */
export const useSavePackage = (id: number | undefined, done: () => void) =>
  useCatalogueSave(
    (v: PackageFields) => call(admin.adminPackageSave, packageBody(id, v)),
    [queryKeys.packages.all, queryKeys.series.all],
    done,
  );
