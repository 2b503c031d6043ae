import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { toFen } from '../../../lib/zodRule';
import { sayHeld } from '../../../lib/heldForApproval';
import * as admin from '@portal/contract/routes/admin';

export interface PriceFields {
  cost: number;
  retail: number;
  reason: string;
  /** 价格无误: shown once the server said the price is far from the series' others */
  price_confirmed?: boolean;
}

/** 调价: the retail price (and the cost, for the platform); the portal quotes the new price at once. */
export function useSavePrice(packageId: number, canCost: boolean, done: () => void) {
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  return useMutation({
    mutationFn: (v: PriceFields) =>
      call(admin.adminPriceSave, {
        package_id: packageId,
        retail_fen: toFen(v.retail),
        ...(canCost ? { cost_fen: toFen(v.cost) } : {}),
        reason: v.reason,
        ...(v.price_confirmed ? { price_confirmed: true } : {}),
      }),
    onSuccess: (a) => {
      if (!sayHeld(modal, a)) message.success('价格已保存，门户即刻按新价格报价');
      void qc.invalidateQueries({ queryKey: queryKeys.packages.all });
      done();
    },
  });
}
