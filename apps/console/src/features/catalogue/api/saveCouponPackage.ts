import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { couponBody, type CouponFields } from '../model/couponForm';
import { useCatalogueSave } from './useCatalogueSave';
import * as admin from '@portal/contract/routes/admin';

export const useSaveCouponPackage = (id: number | undefined, done: () => void) =>
  useCatalogueSave((v: CouponFields) => call(admin.adminCouponPackageSave, couponBody(id, v)), [queryKeys.couponPackages.all], done);
