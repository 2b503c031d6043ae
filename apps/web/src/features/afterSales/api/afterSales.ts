// A holder's refund and invoice requests on an order (docs/decisions/0045): what may be asked now,
// and what was asked, with its state and the operator's answer.
import type { AfterSales } from '@portal/contract';
import type { InvoiceForm } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/afterSales';
import { call } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

const keyOf = (orderNo: string) => ['afterSales', orderNo] as const;

export function useAfterSales(orderNo: string) {
  return useQuery({
    queryKey: keyOf(orderNo),
    queryFn: ({ signal }) => call(api.orderAfterSales, { order_no: orderNo }, { signal }),
    enabled: orderNo !== '',
  });
}

function settled(a: AfterSales): AfterSales {
  queryClient.setQueryData(keyOf(a.order_no), a);
  // an approved refund changes the order itself: its page and lists are asked again
  void queryClient.invalidateQueries({ queryKey: ['commerce'] });
  return a;
}

export const requestRefund = async (orderNo: string, reason: string) =>
  settled(await call(api.orderRefundRequest, { order_no: orderNo, reason }, { form: true }));

export const requestInvoice = async (orderNo: string, form: InvoiceForm) =>
  settled(
    await call(
      api.orderInvoiceRequest,
      {
        order_no: orderNo,
        title_type: form.title_type as 'personal' | 'company',
        title: form.title,
        tax_no: form.tax_no,
        email: form.email,
      },
      { form: true },
    ),
  );
