import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { offerBody, type OfferFields } from '../model/offerForm';
import { useCatalogueSave } from './useCatalogueSave';
import * as admin from '@portal/contract/routes/admin';

export const useSaveRechargeOffer = (agentId: number, done: () => void) =>
  useCatalogueSave((v: OfferFields) => call(admin.adminRechargeOfferSave, offerBody(agentId, v)), [queryKeys.rechargeOffers.all], done);
