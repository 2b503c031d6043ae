// / — the current card at a glance (keep-alive): number, status, balance, today's use,
// remaining data, expiry, the card's hint; switch card, data usage.
import { formatKb, formatYuan, groupCardNumber } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { CopyButton } from '../../components/CopyButton';
import { Panel } from '../../components/Panel';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useBrand } from '../../features/branding/model/brandingStore';
import { useBindList } from '../../features/cards/api/useBindList';
import { useCardInfo } from '../../features/cards/api/useCardInfo';
import { useClew } from '../../features/cards/api/clew';
import { useHasPassword } from '../../features/cards/api/hasPassword';
import { StatusTag } from '../../features/cards/components/StatusTag';
import { clewAction } from '../../features/cards/model/clewAction';
import { chooseCurrentCard, rememberCardInfo, switchCard } from '../../features/cards/model/currentCard';
import { NoticeList } from '../../features/alerts/components/NoticeList';
import { ReplacementSteps } from '../../features/replacement/components/ReplacementSteps';
import { useFlow } from '../../features/usage/api/flow';
import { UsageBar } from '../../features/usage/components/UsageBar';
import { useShown } from '../../lib/keepAlive';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { PullToRefresh } from '../../lib/PullToRefresh';
import { useStored } from '../../lib/useStored';
import styles from './Home.module.css';

/** CardState.Cancelled (docs/spec/portal-spec.md §3): the number, so the enums stay out of home's chunk. */
const CANCELLED = 6;

const NOTE_ICON = (
  <svg viewBox="0 0 20 20" aria-hidden="true">
    <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-.9 4h1.8v5.5H9.1zm0 7h1.8v1.8H9.1z" />
  </svg>
);

function HomePage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const customNum = useStored('customNum');
  const cardLogin = useStored('cardLogin') ?? false;
  const cached = useStored('cardInfo');

  // No current card yet (first visit after a login, or the card was unbound): the first bound one.
  // Kept mounted while hidden (lib/keepAlive.tsx): the effects below wait for the page to show,
  // and run again each time it does.
  const shown = useShown();
  const bindList = useBindList(!customNum && !cardLogin);
  useEffect(() => {
    if (!shown || customNum || !bindList.data) return;
    const next = chooseCurrentCard(undefined, bindList.data);
    if (next) switchCard(next, local);
  }, [shown, customNum, bindList.data]);

  const info = useCardInfo(customNum);
  const flow = useFlow(customNum);
  const clew = useClew(customNum);
  const password = useHasPassword(customNum, brand.cardLogin);

  useEffect(() => {
    if (shown && info.data) rememberCardInfo(info.data, local);
  }, [shown, info.data]);

  // Another page asked for fresh figures (docs/spec/portal-spec.md §3, reload flags). Runs on every show.
  useEffect(() => {
    if (!shown || !local.get('reloadHome')) return;
    local.remove('reloadHome');
    void qc.invalidateQueries({ queryKey: ['card'] });
    void qc.invalidateQueries({ queryKey: ['usage'] });
  }, [shown, qc]);

  const card = info.data?.info ?? (cached?.custom_num === customNum ? cached : undefined);
  const pkg = flow.data?.package;
  // the network the user knows, never the supplier (八骏) or the device kind (随身WiFi, 多卡)
  const network = card?.network ?? '';
  // a reminder always comes with what to do about it
  const action = clewAction(clew.data);

  const refresh = () =>
    Promise.all([info.refetch(), flow.refetch(), clew.refetch(), qc.invalidateQueries({ queryKey: ['alerts'] })]).then(() => undefined);

  if (!customNum) {
    const loading = !cardLogin && (bindList.isPending || (bindList.data?.length ?? 0) > 0);
    return (
      <div className={`${styles.page}`}>
        <Hero appName={brand.appName} logo={brand.logo} />
        <Panel className={styles.lift}>
          {bindList.isError ? (
            <LoadFailed text="卡片加载失败" onRetry={() => bindList.refetch()} />
          ) : loading ? (
            <span className="app-spinner" role="status" aria-label="加载中" />
          ) : (
            <StateBlock
              kind="empty"
              text="您还没有绑定流量卡，绑定后即可查询余额和流量"
              action={
                <button type="button" className="app-btn app-btn--primary" onClick={() => navigate('/bind_card')}>
                  立即绑卡
                </button>
              }
            />
          )}
        </Panel>
      </div>
    );
  }

  return (
    <PullToRefresh onRefresh={refresh} threshold={50}>
      <div className={`${styles.page}`}>
        <Hero appName={brand.appName} logo={brand.logo}>
          <div className={styles.cardFace}>
            <div className={styles.cardTop}>
              <span className={styles.cardLabel}>当前卡号</span>
              <Link to="/card_list" className={styles.switch}>
                切换卡片
                <svg viewBox="0 0 16 16" aria-hidden="true">
                  <path d="M6 3l5 5-5 5" />
                </svg>
              </Link>
            </div>
            <div className={styles.cardNumRow}>
              <p className={styles.cardNum} data-testid="current-card">
                {groupCardNumber(customNum)}
              </p>
              <span className={styles.copyOnDark}>
                <CopyButton text={customNum} label="卡号" />
              </span>
            </div>
            <div className={styles.cardMeta}>
              {card ? (
                <StatusTag state={card.state} problem={flow.data?.line.problem?.code} onDark />
              ) : (
                <span className={styles.skeletonTag} />
              )}
              {network && <span data-testid="card-network">{network}</span>}
            </div>
          </div>
        </Hero>

        <section className={`${styles.stats} ${styles.lift}`} aria-label="卡片概况">
          <Stat label="账户余额" value={card ? `¥${formatYuan(card.balance)}` : undefined} />
          <Stat label="今日已用" value={flow.data ? formatKb(flow.data.today_used_kb) : card ? formatKb(card.today_sum_flow) : undefined} />
          <Stat label="剩余流量" value={flow.data ? (pkg ? formatKb(pkg.remaining_kb) : '暂无套餐') : undefined} accent />
        </section>

        {clew.data?.content && (
          <div className={`${styles.clew} ${styles[`clew_${clew.data.level}`] ?? ''}`} role="note">
            {NOTE_ICON}
            <span className={styles.clewText}>{clew.data.content}</span>
            {action && (
              <Link to={action.path} className={styles.clewAction}>
                {action.text}
              </Link>
            )}
          </div>
        )}

        {/* the server or the network is gone but the last answer is here: say so, with 重试, rather
            than show old figures as if they were today's */}
        {info.isError && card && (
          <div className={`${styles.clew} ${styles.clew_warning}`} role="alert" data-testid="stale-card-info">
            {NOTE_ICON}
            <span className={styles.clewText}>暂时无法获取最新数据，当前显示的是上次获取的信息</span>
            <button type="button" className={styles.clewAction} onClick={() => void refresh()}>
              重试
            </button>
          </div>
        )}

        <NoticeList customNum={customNum} />

        {/* a replacement under way: where the new card is, until it arrives (card info carries the
            replacement module's progress) */}
        {card?.replacement && (
          <Panel
            title="换卡进度"
            extra={
              <Link to="/replace_info?form=home" className={styles.more}>
                查看详情 ›
              </Link>
            }
          >
            <ReplacementSteps progress={card.replacement} />
          </Panel>
        )}

        {brand.cardLogin && password.data && !password.data.has_password && !cardLogin && (
          <Link to="/forgot?set=true" className={styles.notice}>
            <span>该卡尚未设置卡登录密码，设置后可用卡号直接登录</span>
            <span className={styles.noticeGo}>去设置</span>
          </Link>
        )}

        <Panel
          title="当前套餐"
          extra={
            <Link to="/flow" className={styles.more}>
              流量详情 ›
            </Link>
          }
        >
          {pkg ? (
            <div className={styles.pkg}>
              <p className={styles.pkgName}>{pkg.name}</p>
              <UsageBar usedKb={pkg.used_kb} totalKb={pkg.total_kb} />
              <div className={styles.pkgNumbers}>
                <span>已用 {formatKb(pkg.used_kb)}</span>
                <span>共 {formatKb(pkg.total_kb)}</span>
              </div>
              <p className={styles.pkgDate}>套餐有效期至 {pkg.valid_until || '-'}</p>
            </div>
          ) : flow.isPending ? (
            <div className={styles.skeletonBlock} />
          ) : flow.isError ? (
            // docs/decisions/0011: a failed load says so and offers 重试, not only the pull gesture
            <LoadFailed text="用量暂时无法获取" onRetry={refresh} />
          ) : (
            <p className={styles.muted}>当前没有生效中的套餐</p>
          )}
        </Panel>

        <Panel title="卡片信息">
          <dl className={styles.facts}>
            <div>
              <dt>卡片有效期</dt>
              <dd>{card?.valid_until || '-'}</dd>
            </div>
            <div>
              <dt>ICCID</dt>
              <dd className={styles.iccid}>
                <span className={styles.mono}>{card?.iccid || '-'}</span>
                {card?.iccid && <CopyButton text={card.iccid} label="ICCID" />}
              </dd>
            </div>
            <div>
              <dt>运营商</dt>
              <dd>{network || '-'}</dd>
            </div>
            {card && card.networks.length > 0 && (
              <div>
                <dt>可用网络</dt>
                <dd className={styles.networks}>
                  {card.networks.map((n) => (
                    <span
                      key={n.carrier}
                      className={n.active ? `${styles.network} ${styles.networkActive}` : styles.network}
                      title={n.active ? '当前使用' : undefined}
                    >
                      {n.name}
                    </span>
                  ))}
                </dd>
              </div>
            )}
          </dl>
        </Panel>

        <nav className={styles.shortcuts} aria-label="常用功能">
          <Shortcut to="/flow" label="流量查询" icon="M4 19h16M6 16V10M10 16V5M14 16v-7M18 16v-4" />
          <Shortcut to="/flow_list" label="累计用量" icon="M4 6h16M4 12h16M4 18h10" />
          <Shortcut to="/card_list" label="卡片管理" icon="M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM9 12h6v5H9z" />
          <Shortcut to="/customer?form=home" label="在线客服" icon="M5 13v-1a7 7 0 0 1 14 0v1M5 13h2v5H5zM17 13h2v5h-2z" />
          {/* commerce: never offered for a cancelled card (nothing bought could be used) */}
          {card?.state !== CANCELLED && (
            <>
              <Shortcut to="/combo" label="订购套餐" icon="M4 7h16l-1.5 11a2 2 0 0 1-2 1.7h-9a2 2 0 0 1-2-1.7zM9 7a3 3 0 0 1 6 0" />
              <Shortcut to="/recharge" label="余额充值" icon="M3 7h18v12H3zM3 11h18M16 15h2" />
            </>
          )}
          <Shortcut to="/order" label="我的订单" icon="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" />
          <Shortcut to="/coupons" label="优惠券" icon="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10" />
        </nav>
      </div>
    </PullToRefresh>
  );
}

function Hero({ appName, logo, children }: { appName: string; logo: string; children?: ReactNode }) {
  return (
    <header className={styles.hero}>
      <div className={styles.brand}>
        {logo ? <img src={logo} alt="" width={24} height={24} className={styles.logo} /> : null}
        <span>{appName}</span>
      </div>
      {children}
    </header>
  );
}

function Stat({ label, value, accent }: { label: string; value?: string; accent?: boolean }) {
  return (
    <div className={styles.stat}>
      <span className={accent ? `${styles.statValue} ${styles.statAccent}` : styles.statValue}>{value ?? '--'}</span>
      <span className={styles.statLabel}>{label}</span>
    </div>
  );
}

function Shortcut({ to, label, icon }: { to: string; label: string; icon: string }) {
  return (
    <Link to={to} className={styles.shortcut}>
      <span className={styles.shortcutIcon}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={icon} />
        </svg>
      </span>
      {label}
    </Link>
  );
}

export default withQuery(HomePage);
