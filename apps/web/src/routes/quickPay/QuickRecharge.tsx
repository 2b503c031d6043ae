// /quick_recharge?custom_num= — 快捷充值 of balance without logging in: anyone with the card number
// tops up THAT card's balance (the money only ever goes to the card), with /recharge's amounts and
// first-recharge offer. The quote says the exact 到账金额 before paying; the payment is the
// ordinary checkout's (never the balance, never a voucher). A visitor sees no balance.
import type { QuoteRequest } from '@portal/contract';
import { useMemo } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useQuickRechargeOptions } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { Checkout } from '../../features/commerce/components/Checkout';
import { QuickPayCard } from '../../features/commerce/components/QuickPayCard';
import { RechargeAmount, RechargeOffer, useRechargeAmount } from '../../features/commerce/components/RechargeAmount';
import { ApiError } from '../../lib/api';
import { withQuery } from '../../lib/query';

/** An answer refusing the card number, as against the network or the server failing. */
const refused = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.kind === 'answer' && err.status >= 400 && err.status < 500;

function QuickRechargePage() {
  const [params] = useSearchParams();
  const customNum = params.get('custom_num') ?? '';
  const options = useQuickRechargeOptions(customNum);
  const recharge = useRechargeAmount(options.data);
  const amount = recharge.amount;
  const request = useMemo<QuoteRequest | null>(
    () => (customNum && amount ? { custom_num: customNum, goods_type: 'recharge', amount, voucher_id: null } : null),
    [customNum, amount],
  );

  return (
    <QuickPayCard title="余额充值" customNum={customNum} doing="充值余额，金额只会充入该卡">
      {options.isPending ? (
        <PageLoading />
      ) : options.isError && refused(options.error) ? (
        // the server looked at the number and refused it (unknown, not rechargeable): 重试 cannot help
        <StateBlock
          kind="empty"
          text={`${options.error.message}：请核对卡号后重新输入`}
          action={
            <Link className="app-btn app-btn--primary" to={`/quick_payment?custom_num=${encodeURIComponent(customNum)}`} replace>
              重新输入卡号
            </Link>
          }
        />
      ) : options.isError ? (
        // the network or the server: no toast has said which (a form's call), so the page does
        <LoadFailed
          text={options.error instanceof ApiError && options.error.kind !== 'answer' ? options.error.message : '充值信息加载失败'}
          onRetry={() => options.refetch()}
        />
      ) : (
        <>
          {options.data.first_recharge ? <RechargeOffer offer={options.data.first_recharge} testId="quick-offer" /> : null}
          <RechargeAmount
            options={options.data}
            state={recharge}
            note={
              <p className={styles.reason} style={{ marginTop: 8 }}>
                免登录充值不支持余额支付和优惠券；充值后余额可在登录后查看。
              </p>
            }
          />
          <Checkout request={request} payLabel="立即充值" quick pickFirst="请先选择或输入充值金额" />
        </>
      )}
    </QuickPayCard>
  );
}

export default withQuery(QuickRechargePage);
