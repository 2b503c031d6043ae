// /remind — the real-name reminder the gates lead to. It asks "您是否已完成实名认证？": not yet →
// the card's carrier page; already → the carrier is asked again. Bajun cards follow spec
// section 4: no order yet → this page as usual; a real-name URL → open it in a new tab and go
// home; otherwise the question, where "already done" goes home.
import { groupCardNumber, safeUrl } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useCardInfo } from '../../features/cards/api/useCardInfo';
import { StatusTag } from '../../features/cards/components/StatusTag';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { useRealNameData } from '../../features/realName/api/realNameData';
import { fetchRealNameStatus } from '../../features/realName/api/realNameSession';
import { carrierPath } from '../../features/realName/model/carriers';
import { remindMode } from '../../features/realName/model/remind';
import { withQuery } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from '../../components/StepPage.module.css';

function RemindPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const customNum = useStored('customNum');
  const info = useCardInfo(customNum);
  const data = useRealNameData(customNum);
  const [checking, setChecking] = useState(false);

  if (!customNum) {
    return (
      <div className={styles.page}>
        <PageHeader title="实名认证提醒" />
        <StateBlock
          kind="empty"
          text="请先绑定卡号"
          action={
            <button type="button" className="app-btn app-btn--primary" onClick={() => navigate('/bind_card')}>
              去绑卡
            </button>
          }
        />
      </div>
    );
  }
  if (info.isPending || data.isPending) return <PageLoading />;
  if (info.isError || data.isError) {
    return (
      <div className={styles.page}>
        <PageHeader title="实名认证提醒" />
        <LoadFailed text="实名信息加载失败" onRetry={() => Promise.all([info.refetch(), data.refetch()])} />
      </div>
    );
  }

  const card = info.data.info;
  const mode = remindMode(card, info.data);
  const realNameUrl = safeUrl(info.data.real_name_url);
  // the network the user knows, never the supplier (八骏) or the device kind
  const carrier = card.network || '运营商未知';

  async function alreadyDone() {
    if (mode === 'bajunAsk') return navigate('/', { replace: true });
    setChecking(true);
    try {
      const status = await fetchRealNameStatus(customNum!);
      if (status.verified) {
        await refreshCard(qc, customNum!);
        toast('实名认证已完成');
        navigate('/', { replace: true });
      } else if (status.unconfirmed) {
        toast('运营商平台暂时无法查询认证结果，如已完成认证，结果会自动更新');
      } else {
        toast('暂未查询到实名认证结果，请先完成认证');
      }
    } catch {
      // the API client has said why
    } finally {
      setChecking(false);
    }
  }

  function openBajun() {
    // Opened from the tap: a new tab opened without a user gesture is blocked by mobile browsers.
    window.open(realNameUrl, '_blank', 'noopener');
    navigate('/', { replace: true });
  }

  return (
    <div className={styles.page}>
      <PageHeader title="实名认证提醒" />
      <div className={styles.hero}>
        <span className={styles.heroIcon}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9 12l2 2 4-4" />
          </svg>
        </span>
        <div>
          <p className={styles.heroTitle}>{data.data.verified ? '该卡已完成实名认证' : '该卡尚未完成实名认证'}</p>
          <p className={styles.heroText}>
            卡号 {groupCardNumber(customNum!)}
            <CopyButton text={customNum!} label="卡号" /> · {carrier} <StatusTag state={card.state} />
          </p>
        </div>
      </div>
      <Panel title="特别提醒">
        <ol className={styles.notes}>
          <li>根据国家工信部规定，物联网卡须由机主本人完成实名认证后方可使用。</li>
          <li>未完成实名认证的卡可能被运营商限制使用或停机。</li>
          <li>实名认证需使用机主本人的有效身份证件，认证信息仅用于运营商登记。</li>
        </ol>
      </Panel>
      {data.data.verified ? (
        <div className={styles.actions}>
          <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={() => navigate('/', { replace: true })}>
            返回首页
          </button>
        </div>
      ) : mode === 'bajunOpenUrl' ? (
        <div className={styles.actions}>
          <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={openBajun}>
            前往实名认证
          </button>
        </div>
      ) : (
        <>
          <p className={styles.question}>您是否已完成实名认证？</p>
          <div className={styles.actions}>
            <button
              type="button"
              className="app-btn app-btn--primary app-btn--block"
              onClick={() => navigate(mode === 'bajunAsk' ? '/bj_real_name' : carrierPath(data.data.page))}
            >
              未完成，去认证
            </button>
            <button type="button" className="app-btn app-btn--ghost app-btn--block" onClick={() => void alreadyDone()} disabled={checking}>
              {checking ? '查询中…' : '已完成认证'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export default withQuery(RemindPage);
