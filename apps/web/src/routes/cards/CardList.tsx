// /card_list — bound cards: switch the current card, unbind (with confirm), add a card.
import type { BoundCard } from '@portal/contract';
import { SUPPLIER_LABEL } from '@portal/contract/enums';
import { formatDate } from '@portal/domain';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useBindList } from '../../features/cards/api/useBindList';
import { useUnbindCard } from '../../features/cards/api/unbindCard';
import { StatusTag } from '../../features/cards/components/StatusTag';
import { groupCardNumber } from '../../features/cards/model/cardStatus';
import { currentAfterUnbind, switchCard } from '../../features/cards/model/currentCard';
import { withQuery } from '../../lib/query';
import { clearCardData } from '../../lib/session';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { confirm } from '../../lib/ui';
import { useStored } from '../../lib/useStored';
import styles from './CardList.module.css';

function CardListPage() {
  const navigate = useNavigate();
  const current = useStored('customNum');
  const cardLogin = useStored('cardLogin') ?? false;
  const list = useBindList();
  const unbind = useUnbindCard();

  function choose(card: BoundCard) {
    switchCard(card.custom_num, local);
    if (card.custom_num !== current) toast(`已切换到 ${card.custom_num}`);
    navigate('/', { replace: true });
  }

  async function remove(card: BoundCard) {
    const ok = await confirm({
      title: '解绑卡片',
      content: `确定要解绑卡号 ${card.custom_num} 吗？解绑后将无法在本账号查询该卡。`,
      confirmText: '解绑',
    });
    if (!ok) return;
    try {
      await unbind.mutateAsync(card.custom_num);
    } catch {
      return; // the API client has shown why
    }
    toast('解绑成功');
    const next = currentAfterUnbind(current, card.custom_num, list.data ?? []);
    if (next && next !== current) switchCard(next, local);
    if (!next) clearCardData();
  }

  return (
    <div className={styles.page}>
      <PageHeader title="卡片管理" />
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <LoadFailed text="卡片列表加载失败" onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <StateBlock kind="empty" text="还没有绑定的卡片" />
      ) : (
        <ul className={styles.list} aria-label="已绑定的卡片">
          {list.data.map((card) => {
            const isCurrent = card.custom_num === current;
            return (
              <li
                key={card.custom_num}
                className={isCurrent ? `${styles.card} ${styles.currentCard}` : styles.card}
                data-card={card.custom_num}
              >
                <button type="button" className={styles.main} onClick={() => choose(card)} aria-label={`切换到卡号 ${card.custom_num}`}>
                  <span className={styles.top}>
                    <span className={styles.num}>{groupCardNumber(card.custom_num)}</span>
                    {isCurrent && <span className={styles.badge}>当前使用</span>}
                  </span>
                  <span className={styles.meta}>
                    <StatusTag state={card.state} />
                    <span>{SUPPLIER_LABEL[card.supplier] ?? '流量卡'}</span>
                    {card.remark && <span>{card.remark}</span>}
                  </span>
                  {card.bound_at && <span className={styles.date}>绑定于 {formatDate(card.bound_at)}</span>}
                </button>
                <div className={styles.actions}>
                  {!isCurrent && (
                    <button type="button" className={styles.action} onClick={() => choose(card)}>
                      设为当前
                    </button>
                  )}
                  {!cardLogin && (
                    <button
                      type="button"
                      className={`${styles.action} ${styles.danger}`}
                      onClick={() => remove(card)}
                      disabled={unbind.isPending}
                    >
                      解绑
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {cardLogin ? (
        <p className={styles.hint}>卡号登录仅可查看当前卡片，使用手机号或账号登录后可绑定多张卡片</p>
      ) : (
        <div className={`${styles.footer} app-fixed-bottom`}>
          <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={() => navigate('/bind_card')}>
            + 添加卡片
          </button>
        </div>
      )}
    </div>
  );
}

export default withQuery(CardListPage);
