import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type RechargeOffer = AdminAnswerOf<'adminRechargeOfferList'>['items'][number];

/** 首充优惠: one row per agent, unpaged. */
export const rechargeOffersList = () => ({ queryKey: queryKeys.rechargeOffers.all, fetchPage: () => call(admin.adminRechargeOfferList) });
