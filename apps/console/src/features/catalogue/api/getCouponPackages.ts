import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type CouponPackage = AdminAnswerOf<'adminCouponPackageList'>['items'][number];

/** 优惠券包: one unpaged list. */
export const couponPackagesList = () => ({ queryKey: queryKeys.couponPackages.all, fetchPage: () => call(admin.adminCouponPackageList) });
