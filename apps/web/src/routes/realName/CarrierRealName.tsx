// The carrier real-name pages (/lt_real_name, /yd_real_name, /dx_real_name, /cme_real_name,
// /bj_real_name, /fe_real_name): the steps, a fresh carrier link when the user starts (links
// expire), and the status asked again when they come back (?real_name=done, or the page
// becoming visible again). Verified → the card info is refreshed and the gates let them through.
import { RealNameMode } from '@portal/contract/enums';
import { groupCardNumber, safeUrl } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useShown } from '../../lib/keepAlive';
import { useLocation, useNavigate } from '../../lib/router';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useCardInfo } from '../../features/cards/api/useCardInfo';
import { StatusTag } from '../../features/cards/components/StatusTag';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { useRealNameData } from '../../features/realName/api/realNameData';
import { fetchRealNameStatus, startRealName } from '../../features/realName/api/realNameSession';
import {
  cameBackDone,
  carrierName,
  carrierPath,
  CARRIER_PAGES,
  pageMode,
  realNameSteps,
  verifierName,
  type CarrierPage,
} from '../../features/realName/model/carriers';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from '../../components/StepPage.module.css';

type Phase = 'idle' | 'starting' | 'checking' | 'verified' | 'notYet' | 'unconfirmed';

export function CarrierRealName({ page }: { page: CarrierPage }) {
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const customNum = useStored('customNum');
  const data = useRealNameData(customNum);
  const info = useCardInfo(customNum);
  // the network the user knows (the card's), never the supplier; the supplier only as who verifies
  const carrier = carrierName(page, info.data?.info.network ?? '');
  const verifier = verifierName(page, info.data?.info.supplier);
  // A bookmark, a typed address or a card switched meanwhile must not show one carrier's page for
  // another's card: the card's own page is the one the server names.
  const own = data.data ? carrierPath(data.data.page) : undefined;
  const elsewhere = own !== undefined && own !== CARRIER_PAGES[page].path;
  // /lt_real_name stays mounted while hidden (lib/keepAlive.tsx): its effects wait until it shows
  const shown = useShown();
  useEffect(() => {
    if (shown && elsewhere) navigate(own + location.search, { replace: true });
  }, [shown, elsewhere, own, location.search, navigate]);
  const [phase, setPhase] = useState<Phase>('idle');
  const started = useRef(false);

  const check = useCallback(
    async (asked: boolean) => {
      if (!customNum) return;
      setPhase('checking');
      try {
        const status = await fetchRealNameStatus(customNum);
        if (status.verified) {
          await refreshCard(qc, customNum);
          setPhase('verified');
          if (asked) toast('实名认证成功');
        } else if (status.unconfirmed) {
          setPhase(asked ? 'unconfirmed' : 'idle');
        } else {
          setPhase(asked ? 'notYet' : 'idle');
        }
      } catch {
        setPhase('idle'); // the API client has said why
      }
    },
    [customNum, qc],
  );

  // Back from the carrier: the link's return path carries real_name=done.
  const done = cameBackDone(location.search);
  useEffect(() => {
    if (shown && done) void check(true);
  }, [shown, done, check]);

  // Back from the applet or another tab without a redirect: ask again when the page shows.
  useEffect(() => {
    if (!shown) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible' && started.current) void check(false);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [shown, check]);

  async function start() {
    if (!customNum || phase === 'starting') return;
    setPhase('starting');
    try {
      const link = await startRealName(customNum, location.pathname);
      const url = safeUrl(link.url);
      if (!url) {
        toast('认证链接无效，请联系客服');
        setPhase('idle');
        return;
      }
      started.current = true;
      window.location.assign(url);
    } catch {
      setPhase('idle');
    }
  }

  const verified = phase === 'verified' || (data.data?.verified ?? false);
  const mode = pageMode(page, data.data?.real_name_mode ?? RealNameMode.Applet, safeUrl(info.data?.real_name_url));

  return (
    <div className={styles.page}>
      <PageHeader title={`${carrier}实名认证`} />
      {!customNum ? (
        <StateBlock
          kind="empty"
          text="请先绑定卡号"
          action={
            <button type="button" className="app-btn app-btn--primary" onClick={() => navigate('/bind_card')}>
              去绑卡
            </button>
          }
        />
      ) : data.isPending || elsewhere ? (
        <PageLoading />
      ) : data.isError ? (
        <LoadFailed text="实名信息加载失败" onRetry={() => data.refetch()} />
      ) : verified ? (
        <Panel>
          <div className={styles.done} data-testid="real-name-verified">
            <span className={styles.doneIcon}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            </span>
            <p className={styles.doneTitle}>实名认证已完成</p>
            <p className={styles.muted}>
              卡号 {groupCardNumber(customNum)} 已通过{carrier}实名认证，可正常使用
            </p>
            <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={() => navigate('/', { replace: true })}>
              返回首页
            </button>
          </div>
        </Panel>
      ) : (
        <>
          <div className={styles.hero}>
            <span className={styles.heroIcon}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 6h16v12H4zM8 10.5a1.6 1.6 0 1 0 0 .1M6 15.5c.6-1.4 3.4-1.4 4 0M13 10h5M13 13.5h4" />
              </svg>
            </span>
            <div>
              <p className={styles.heroTitle}>{carrier}实名认证</p>
              <p className={styles.heroText}>根据国家规定，物联网卡须完成实名认证后方可正常使用</p>
            </div>
          </div>
          <Panel title="认证步骤">
            <ol className={styles.steps}>
              {realNameSteps(carrier, mode).map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </Panel>
          <Panel title="卡片信息">
            <dl className={styles.facts}>
              <div>
                <dt>卡号</dt>
                <dd>
                  {groupCardNumber(customNum)}
                  <CopyButton text={customNum} label="卡号" />
                </dd>
              </div>
              {info.data && (
                <div>
                  <dt>状态</dt>
                  <dd>
                    <StatusTag state={info.data.info.state} />
                  </dd>
                </div>
              )}
              {info.data?.info.iccid && (
                <div>
                  <dt>ICCID</dt>
                  <dd>
                    {info.data.info.iccid}
                    <CopyButton text={info.data.info.iccid} label="ICCID" />
                  </dd>
                </div>
              )}
              {verifier && (
                <div>
                  <dt>认证服务</dt>
                  <dd>由{verifier}提供</dd>
                </div>
              )}
              <div>
                <dt>认证方式</dt>
                <dd>{mode === RealNameMode.Url ? '运营商实名页面' : '实名认证小程序'}</dd>
              </div>
            </dl>
          </Panel>
          {phase === 'unconfirmed' && (
            <p className={styles.warn} role="alert">
              运营商平台暂时无法查询认证结果。如已完成认证，结果会自动更新，请稍后再查看。
            </p>
          )}
          {phase === 'notYet' && (
            <p className={styles.warn} role="alert">
              暂未查询到认证结果。如已完成认证，运营商同步可能稍有延迟，请稍后点击“查询认证结果”。
            </p>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className="app-btn app-btn--primary app-btn--block"
              onClick={start}
              disabled={phase === 'starting' || phase === 'checking'}
            >
              {phase === 'starting' ? '正在打开…' : '开始认证'}
            </button>
            <button
              type="button"
              className="app-btn app-btn--ghost app-btn--block"
              onClick={() => void check(true)}
              disabled={phase === 'checking'}
            >
              {phase === 'checking' ? '查询中…' : '查询认证结果'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
