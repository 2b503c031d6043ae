// /tip — 温馨提示: what the current card still needs before it can be used, in the order the card
// gates ask for it, each with its page; for a visitor, how to get started.
import { groupCardNumber } from '@portal/domain';
import { CardState } from '@portal/contract/enums';
import { Link, useNavigate } from '../../lib/router';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { useBrand } from '../../features/branding/model/brandingStore';
import { StatusTag } from '../../features/cards/components/StatusTag';
import { checklist } from '../../features/gating/model/checklist';
import { useStored } from '../../lib/useStored';
import styles from '../../components/StepPage.module.css';

export default function TipPage() {
  const navigate = useNavigate();
  const brand = useBrand();
  const token = useStored('token');
  const customNum = useStored('customNum');
  const cardInfo = useStored('cardInfo');
  const card = token && cardInfo?.custom_num === customNum ? cardInfo : undefined;
  const items = card ? checklist(card, { openBalanceRecharge: brand.openBalanceRecharge }) : [];
  const cancelled = card?.state === CardState.Cancelled;

  return (
    <div className={styles.page}>
      <PageHeader title="温馨提示" />
      <div className={styles.hero}>
        <span className={styles.heroIcon}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v5M12 16v.5" />
          </svg>
        </span>
        <div>
          <p className={styles.heroTitle}>
            {card ? `卡号 ${groupCardNumber(card.custom_num)}` : '使用前请阅读'}
            {card && <CopyButton text={card.custom_num} label="卡号" />}
            {card && <StatusTag state={card.state} />}
          </p>
          <p className={styles.heroText}>
            {card ? '以下是该卡正常使用前需要完成的事项' : '登录并绑定流量卡后，即可查询余额、流量和办理业务'}
          </p>
        </div>
      </div>
      {cancelled ? (
        <p className={styles.warn}>
          该卡已销户，无法继续使用。如有疑问请<Link to="/customer?form=tip">联系在线客服</Link>。
        </p>
      ) : card ? (
        <Panel title="待办事项">
          {items.length === 0 || items.every((i) => i.done) ? (
            <p className={styles.muted}>该卡已完成全部事项，可以正常使用。</p>
          ) : (
            <ol className={styles.steps}>
              {items.map((i) => (
                <li key={i.reason} data-done={i.done}>
                  {i.label}
                  {i.done ? (
                    '（已完成）'
                  ) : i.next ? (
                    <>
                      {' · '}
                      <Link to={i.to}>去完成</Link>
                    </>
                  ) : (
                    '（待完成）'
                  )}
                </li>
              ))}
            </ol>
          )}
        </Panel>
      ) : (
        <Panel title="如何开始">
          <ol className={styles.steps}>
            <li>使用手机号、账号或卡号登录</li>
            <li>绑定您的流量卡</li>
            <li>按提示完成实名认证、订购套餐</li>
          </ol>
          <div className={styles.actions}>
            <button
              type="button"
              className="app-btn app-btn--primary app-btn--block"
              onClick={() => navigate(token ? '/bind_card' : '/login')}
            >
              {token ? '绑定卡片' : '去登录'}
            </button>
          </div>
        </Panel>
      )}
    </div>
  );
}
