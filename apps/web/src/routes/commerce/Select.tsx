// /select — a multi-series card chooses its package series (the gate "请先完成套餐系列选择"),
// then goes on to the package list. ?form= names the route the user came from. A card that has
// already settled on its series is shown that series, not a choice the server would refuse.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { useSelectSeries, useSeries } from '../../features/series/api/series';
import { withQuery } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from '../../components/StepPage.module.css';

function SelectPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const customNum = useStored('customNum');
  const series = useSeries(customNum);
  const select = useSelectSeries();
  const [chosen, setChosen] = useState<number>();

  async function confirm() {
    if (!customNum || chosen === undefined) return toast('请选择套餐系列');
    try {
      await select.mutateAsync({ custom_num: customNum, series_id: chosen });
      await refreshCard(qc, customNum);
      await qc.invalidateQueries({ queryKey: ['series'] });
      toast('套餐系列已选择');
      navigate('/combo', { replace: true });
    } catch {
      // the API client has shown why
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="选择套餐系列" />
      {!customNum ? (
        <StateBlock
          kind="empty"
          text="选择套餐系列需要一张卡片，请先绑定卡片"
          action={
            <Link className="app-btn app-btn--primary" to="/bind_card">
              绑定卡片
            </Link>
          }
        />
      ) : series.isPending ? (
        <PageLoading />
      ) : series.isError ? (
        <LoadFailed text="套餐系列加载失败" onRetry={() => series.refetch()} />
      ) : !series.data.multi_series ? (
        <>
          <Panel title="当前套餐系列">
            {series.data.list.map((s) => (
              <div key={s.id} className={`${styles.option} ${styles.optionOn}`} data-testid="settled-series">
                <span className={styles.radio} aria-hidden="true" />
                <span>
                  <span className={styles.optionName}>{s.name}</span>
                  {s.description && (
                    <span className={styles.optionText} style={{ display: 'block' }}>
                      {s.description}
                    </span>
                  )}
                </span>
              </div>
            ))}
            <p className={styles.muted} style={{ marginTop: 10 }}>
              该卡的套餐系列已选定，不可更改
            </p>
          </Panel>
          <div className={styles.actions}>
            <Link className="app-btn app-btn--primary app-btn--block" to="/combo" replace>
              去订购套餐
            </Link>
          </div>
        </>
      ) : (
        <>
          <div className={styles.hero}>
            <span className={styles.heroIcon}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 7h16M4 12h16M4 17h10" />
              </svg>
            </span>
            <div>
              <p className={styles.heroTitle}>请选择套餐系列</p>
              <p className={styles.heroText}>该卡支持多个套餐系列，选定后将只显示该系列的套餐，且不可更改</p>
            </div>
          </div>
          <Panel title="可选系列">
            {series.data.list.length === 0 ? (
              <p className={styles.muted}>该卡暂无可选的套餐系列，请联系客服</p>
            ) : (
              <div className={styles.options} role="radiogroup" aria-label="套餐系列">
                {series.data.list.map((s) => (
                  <button
                    key={s.id}
                    type="button"
                    role="radio"
                    aria-checked={chosen === s.id}
                    className={chosen === s.id ? `${styles.option} ${styles.optionOn}` : styles.option}
                    onClick={() => setChosen(s.id)}
                  >
                    <span className={styles.radio} aria-hidden="true" />
                    <span>
                      <span className={styles.optionName}>{s.name}</span>
                      {s.description && (
                        <span className={styles.optionText} style={{ display: 'block' }}>
                          {s.description}
                        </span>
                      )}
                    </span>
                  </button>
                ))}
              </div>
            )}
          </Panel>
          <div className={styles.actions}>
            <button
              type="button"
              className="app-btn app-btn--primary app-btn--block"
              disabled={chosen === undefined || select.isPending}
              onClick={() => void confirm()}
            >
              {select.isPending ? '提交中…' : '确认选择'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export default withQuery(SelectPage);
