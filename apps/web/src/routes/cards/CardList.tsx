// /card_list — bound cards at a glance (the network the user knows, state, package, remaining
// data, balance, the user's own nickname), switch the current card, name a card, unbind (with
// confirm), add a card.
import type { BoundCard } from '@portal/contract';
import { formatDateTime, formatKb, formatYuan, groupCardNumber } from '@portal/domain';
import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useBindList } from '../../features/cards/api/useBindList';
import { useUnbindCard } from '../../features/cards/api/unbindCard';
import { NicknameForm } from '../../features/cards/components/NicknameForm';
import { StatusTag } from '../../features/cards/components/StatusTag';
import { currentAfterUnbind, switchCard } from '../../features/cards/model/currentCard';
import { StopReasonNote } from '../../features/diagnosis/components/StopReasonNote';
import { withQuery } from '../../lib/query';
import { clearCardData } from '../../lib/session';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { confirm } from '../../lib/confirm';
import { useStored } from '../../lib/useStored';
import styles from './CardList.module.css';

function CardListPage() {
  const navigate = useNavigate();
  const current = useStored('customNum');
  const cardLogin = useStored('cardLogin') ?? false;
  const list = useBindList();
  const unbind = useUnbindCard();
  const [editing, setEditing] = useState<string | null>(null);

  function choose(card: BoundCard) {
    switchCard(card.custom_num, local);
    if (card.custom_num !== current) toast(`已切换到 ${card.nickname || card.custom_num}`);
    navigate('/', { replace: true });
  }

  async function remove(card: BoundCard) {
    const ok = await confirm({
      title: '解绑卡片',
      content: `确定要解绑卡号 ${groupCardNumber(card.custom_num)}${card.nickname ? `（${card.nickname}）` : ''} 吗？解绑后将无法在本账号查询该卡，备注名也会一并删除。`,
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
            const pkg = card.package;
            return (
              <li
                key={card.custom_num}
                className={isCurrent ? `${styles.card} ${styles.currentCard}` : styles.card}
                data-card={card.custom_num}
              >
                <div className={styles.main}>
                  <div className={styles.top}>
                    <span className={styles.name}>
                      {card.nickname && (
                        <span className={styles.nickname} data-testid="nickname">
                          {card.nickname}
                        </span>
                      )}
                      <span className={styles.numRow}>
                        <span className={styles.num}>{groupCardNumber(card.custom_num)}</span>
                        <CopyButton text={card.custom_num} label="卡号" />
                      </span>
                    </span>
                    {isCurrent && <span className={styles.badge}>当前使用</span>}
                  </div>
                  <div className={styles.meta}>
                    <StatusTag state={card.state} problem={card.problem?.code} />
                    <span className={styles.network}>{card.network || '运营商未知'}</span>
                    {/* the card is 已激活, but the device it sits in is off: said here, not only on the device pages (docs/decisions/0066) */}
                    {card.device && !card.device.online && (
                      <span className={styles.deviceOffline} data-testid="device-offline">
                        设备离线{card.device.reported_at ? ` · ${formatDateTime(card.device.reported_at).slice(5)}起` : ''}
                      </span>
                    )}
                  </div>
                  {/* what is wrong with the line (the server's one read model), with its fix (which acts on the current card: this one) */}
                  {card.problem && (
                    <StopReasonNote
                      reason={card.problem}
                      customNum={card.custom_num}
                      onBeforeFix={() => switchCard(card.custom_num, local)}
                    />
                  )}
                  <dl className={styles.glance}>
                    <div className={styles.glancePkg}>
                      <dt>套餐</dt>
                      <dd>{pkg ? pkg.name : '暂无套餐'}</dd>
                      {pkg && <dd className={styles.until}>有效期至 {pkg.valid_until || '-'}</dd>}
                    </div>
                    <div>
                      <dt>剩余流量</dt>
                      <dd>{pkg ? formatKb(pkg.remaining_kb) : '-'}</dd>
                    </div>
                    <div>
                      <dt>余额</dt>
                      <dd>¥{formatYuan(card.balance)}</dd>
                    </div>
                  </dl>
                </div>
                {editing === card.custom_num ? (
                  <NicknameForm customNum={card.custom_num} current={card.nickname} onDone={() => setEditing(null)} />
                ) : (
                  <div className={styles.actions}>
                    {!isCurrent && (
                      <button type="button" className={styles.action} onClick={() => choose(card)}>
                        设为当前
                      </button>
                    )}
                    {!cardLogin && (
                      <button type="button" className={styles.action} onClick={() => setEditing(card.custom_num)}>
                        备注
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
                )}
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
