import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { couponBody, type CouponFields } from '../model/couponForm';
import { useCatalogueSave } from './useCatalogueSave';

export const useSaveCouponPackage = (id: number | undefined, done: () => void) =>
  useCatalogueSave((v: CouponFields) => call('adminCouponPackageSave', couponBody(id, v)), [queryKeys.couponPackages.all], done);
