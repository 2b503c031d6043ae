// /payee_confirm?t=… — an agent's payee confirms a commission transfer in WeChat
// (docs/decisions/0039-payee-confirms-transfer.md). Finance shows the link (or its QR code) while
// WeChat Pay waits for the payee; the page shows the amount, the agent and the payee (masked),
// and 确认收款 opens WeChat's own confirmation page (requestMerchantTransfer) with the server's
// parameters, after wx.config when the server can sign the page (docs/decisions/0049-wechat-js-sdk.md;
// the bare bridge call stays the fallback). Coming back, the page asks the server, which asks
// WeChat Pay: the browser's "ok" is never taken as the money having arrived.
import { formatDateTime, formatYuan } from '@portal/domain';
import type { PayeeConfirmAnswer } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { StateBlock } from '../../components/StateBlock';
import { checkPayeeConfirm, fetchPayeeConfirm, payeeConfirmKey } from '../../features/payeeConfirm/api/payeeConfirm';
import { inWeChat, requestMerchantTransfer } from '../../features/payeeConfirm/model/merchantTransfer';
import { prepareWechatJsApi } from '../../features/wechatJsSdk/wechatShare';
import { ApiError } from '../../lib/api';
import { withQuery } from '../../lib/query';
import { useSearchParams } from '../../lib/router';
import styles from './PayeeConfirm.module.css';

const STATE_LABEL: Record<PayeeConfirmAnswer['state'], string> = {
  waiting: '待确认收款',
  transferring: '到账处理中',
  paid: '已到账',
  closed: '已关闭',
};

/** How many times the page asks again while WeChat is still moving the money, and how far apart. */
const LOOKS = 5;
const LOOK_GAP_MS = 3_000;
/** what wx.config asks for on this page (WeChat Pay's H5 example for requestMerchantTransfer) */
const MERCHANT_TRANSFER_API = ['requestMerchantTransfer'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Phase = { kind: 'idle' } | { kind: 'busy' } | { kind: 'cancelled' } | { kind: 'failed'; detail: string };

function PayeeConfirmPage() {
  const [params] = useSearchParams();
  const token = (params.get('t') ?? '').trim();
  const wellFormed = /^[A-Za-z0-9_-]{16,64}$/.test(token);
  const client = useQueryClient();
  const q = useQuery({
    queryKey: payeeConfirmKey(token),
    queryFn: ({ signal }) => fetchPayeeConfirm(token, signal),
    enabled: wellFormed,
    retry: false,
    // while the money is on its way, look again now and then
    refetchInterval: (query) => (query.state.data?.state === 'transferring' ? 5_000 : false),
  });
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const wechat = inWeChat(navigator.userAgent);
  const canConfirm = wechat && q.data?.state === 'waiting' && q.data.transfer !== null;
  // wx.config as soon as the payee can confirm, so the tap does not wait for it
  useEffect(() => {
    if (canConfirm) void prepareWechatJsApi(MERCHANT_TRANSFER_API);
  }, [canConfirm]);

  async function confirm(t: NonNullable<PayeeConfirmAnswer['transfer']>) {
    setPhase({ kind: 'busy' });
    // configured or not (no official account, an old WeChat, a refused signature), the bridge is
    // called: with the page's domain on the account's JS list the bare call works (decision 0039)
    await prepareWechatJsApi(MERCHANT_TRANSFER_API);
    const r = await requestMerchantTransfer({ mchId: t.mch_id, appId: t.app_id, package: t.package_info });
    if (r.outcome === 'cancel') return setPhase({ kind: 'cancelled' });
    // ok — WeChat's page was shown and left — or a failure: either way only WeChat Pay knows
    // whether the transfer was confirmed, so the server asks
    for (let i = 0; i < LOOKS; i += 1) {
      const now = await checkPayeeConfirm(token).catch(() => null);
      if (now) client.setQueryData(payeeConfirmKey(token), now);
      if (now && now.state !== 'waiting' && now.state !== 'transferring') break;
      if (r.outcome === 'fail' || (now?.state === 'waiting' && i >= 1)) break;
      await sleep(LOOK_GAP_MS);
    }
    setPhase(r.outcome === 'fail' ? { kind: 'failed', detail: r.detail } : { kind: 'idle' });
  }

  /** the server has not got WeChat's package for this transfer yet: it asks WeChat Pay for it */
  async function refresh() {
    setPhase({ kind: 'busy' });
    const now = await checkPayeeConfirm(token).catch(() => null);
    if (now) client.setQueryData(payeeConfirmKey(token), now);
    setPhase({ kind: 'idle' });
  }

  let body;
  if (!wellFormed) body = <StateBlock kind="error" text="收款链接无效，请向财务索取新的收款链接" />;
  else if (q.isPending) body = <PageLoading />;
  else if (q.isError)
    body = (
      <StateBlock
        kind="error"
        text={q.error instanceof ApiError && q.error.status === 404 ? q.error.message : '暂时无法打开收款信息，请稍后重试'}
        action={
          q.error instanceof ApiError && q.error.status === 404 ? undefined : (
            <button type="button" className="app-btn app-btn--ghost" onClick={() => void q.refetch()}>
              重试
            </button>
          )
        }
      />
    );
  else body = <Transfer data={q.data} wechat={wechat} phase={phase} onConfirm={confirm} onRefresh={refresh} />;

  return (
    <div>
      <PageHeader title="确认收款" />
      {body}
    </div>
  );
}

function Transfer({
  data,
  wechat,
  phase,
  onConfirm,
  onRefresh,
}: {
  data: PayeeConfirmAnswer;
  wechat: boolean;
  phase: Phase;
  onConfirm: (t: NonNullable<PayeeConfirmAnswer['transfer']>) => void;
  onRefresh: () => void;
}) {
  const link = window.location.href;
  return (
    <>
      <div className={styles.amount}>
        <p className={styles.amountLabel}>{data.agent_name} 佣金提现</p>
        <p className={styles.amountValue}>
          <small>¥</small>
          {formatYuan(data.amount)}
        </p>
        <span className={styles.stateBadge} data-state={data.state} role="status">
          {STATE_LABEL[data.state]}
        </span>
      </div>
      <Panel>
        <dl className={styles.facts}>
          <div>
            <dt>收款人</dt>
            <dd>{data.payee} 的微信零钱</dd>
          </div>
          <div>
            <dt>付款方</dt>
            <dd>{data.agent_name}</dd>
          </div>
          <div>
            <dt>转账单号</dt>
            <dd>{data.payout_no}</dd>
          </div>
          {data.state === 'waiting' && (
            <div>
              <dt>确认截止</dt>
              <dd>{formatDateTime(data.expires_at)}</dd>
            </div>
          )}
        </dl>
      </Panel>

      {data.state === 'paid' && (
        <p className={styles.notice}>款项已转入收款人的微信零钱，可在微信「我 → 服务 → 钱包 → 零钱明细」中查看。</p>
      )}
      {data.state === 'transferring' && <p className={styles.notice}>已确认收款，微信正在转账，通常几分钟内到账，本页会自动刷新。</p>}
      {data.state === 'closed' && (
        <p className={styles.warn}>本次转账已关闭：{data.closed_reason}。款项已退回代理佣金余额，可重新申请提现后由财务再次打款。</p>
      )}

      {data.state === 'waiting' && data.transfer && wechat && (
        <>
          <p className={styles.notice}>
            请使用收款人 {data.payee} 本人的微信确认：微信只允许登记的收款微信号收款。请在截止时间前确认，逾期转账将自动关闭。
          </p>
          {phase.kind === 'cancelled' && <p className={styles.warn}>您已取消确认，款项尚未到账，可再次点击「确认收款」。</p>}
          {phase.kind === 'failed' && (
            <p className={styles.warn}>微信未能完成确认{phase.detail ? `：${phase.detail}` : ''}。请确认使用的是收款人本人的微信后重试。</p>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className="app-btn app-btn--primary app-btn--block"
              disabled={phase.kind === 'busy'}
              onClick={() => onConfirm(data.transfer!)}
            >
              {phase.kind === 'busy' ? '正在确认…' : '确认收款'}
            </button>
          </div>
        </>
      )}

      {data.state === 'waiting' && !data.transfer && wechat && (
        <div className={styles.actions}>
          <button type="button" className="app-btn app-btn--primary app-btn--block" disabled={phase.kind === 'busy'} onClick={onRefresh}>
            {phase.kind === 'busy' ? '正在获取…' : '获取收款信息'}
          </button>
        </div>
      )}

      {data.state === 'waiting' && !wechat && (
        <>
          <p className={styles.warn}>
            请在微信中打开本链接完成收款：复制下方链接，发送到收款人本人的微信后点开，或用微信扫一扫财务提供的二维码。
          </p>
          <div className={styles.link}>
            <span>{link}</span>
            <CopyButton text={link} label="收款链接" />
          </div>
        </>
      )}
    </>
  );
}

export default withQuery(PayeeConfirmPage);
