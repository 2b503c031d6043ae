// /card_check — smart diagnosis (no login; card-whitelisted): a visitor types a card number, a
// logged-in user starts on the current card. The checks appear one by one, each 正常 / 异常 /
// 无法判断 with a plain verdict and, for a problem, the button that fixes it (a visitor's fixes
// that need a login go through the card-number login and come back to the fix's page; a package
// can be bought by quick payment). The owner also sees what earlier diagnoses said.
import { groupCardNumber } from '@portal/domain';
import type { CardDiagnosis } from '@portal/contract';
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import { ago } from '@portal/domain/diagnosis';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { switchCard } from '../../features/cards/model/currentCard';
import { fetchDiagnosis } from '../../features/diagnosis/api/diagnosis';
import { CheckList } from '../../features/diagnosis/components/CheckList';
import styles from '../../features/diagnosis/components/diagnosis.module.css';
import { ApiError } from '../../lib/api';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { typedDigits } from '../../lib/typedDigits';
import { useStored } from '../../lib/useStored';

function CardCheckPage() {
  const [params] = useSearchParams();
  const token = useStored('token');
  const current = useStored('customNum');
  const start = params.get('custom_num') ?? (token ? (current ?? '') : '');
  const [customNum, setCustomNum] = useState(start);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CardDiagnosis | null>(null);
  const [busy, setBusy] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [, setTick] = useState(0);
  // a new diagnosis replays the checks one by one; a refresh of the same card updates them in place
  const [runId, setRunId] = useState(0);
  const started = useRef(false);

  async function run(num: string, refresh = false) {
    const problem = check(num, MESSAGE.cardNumEmpty, PATTERN.cardNum, MESSAGE.cardNum);
    setError(problem ?? null);
    if (problem) return;
    if (refresh) setRefreshing(true);
    else {
      setBusy(true);
      setResult(null);
      setRunId((n) => n + 1);
    }
    setNotice(null);
    try {
      const d = await fetchDiagnosis(num.trim(), { refresh, typed: true });
      setResult(d);
      if (refresh)
        setNotice(
          d.refreshed
            ? '已从运营商更新数据'
            : d.retry_after_seconds > 0
              ? `数据刚刚已更新，请${d.retry_after_seconds}秒后再刷新`
              : '运营商数据暂时无法获取，显示的是上次同步的数据',
        );
    } catch (err) {
      // an unknown or malformed number belongs at the field; too many lookups too
      if (err instanceof ApiError && err.kind === 'answer') setError(err.message);
    } finally {
      setBusy(false);
      setRefreshing(false);
    }
  }

  // a logged-in user (or a link with the number) starts right away
  useEffect(() => {
    if (started.current || !start) return;
    started.current = true;
    void run(start);
  }, [start]);

  // "数据更新于 N 分钟前" stays true while the page is open
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(customNum);
  }

  const owner = result?.view === 'owner';
  const last = result?.history[0];
  return (
    <div className={styles.page}>
      <PageHeader title="智能检测" fallback={token ? '/' : '/login'} />
      <form className={styles.section} onSubmit={submit} noValidate>
        <p className={styles.intro}>卡不能上网？输入卡号一键检测，告诉您原因和解决办法。</p>
        <label className={styles.label} htmlFor="check-card">
          卡号
        </label>
        <input
          id="check-card"
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          placeholder="请输入卡号"
          value={customNum}
          onChange={(e) => setCustomNum(typedDigits(e.currentTarget))}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'check-card-error' : undefined}
        />
        {error && (
          <p id="check-card-error" className={styles.fieldError} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={busy}>
          {busy ? '检测中…' : result ? '重新检测' : '开始检测'}
        </button>
      </form>

      {result && (
        <>
          <section className={styles.section} aria-label="检测的卡片">
            <p className={styles.cardLine}>
              <span className={styles.cardNum}>{groupCardNumber(result.custom_num)}</span>
              {result.network && <span>{result.network}</span>}
              <span>{result.state_label}</span>
            </p>
            {!owner && (
              <p className={styles.note}>
                为保护隐私，未登录时不显示余额与套餐详情。
                <Link to={`/login?login_model=customNum&redirect=${encodeURIComponent(`/card_check?custom_num=${result.custom_num}`)}`}>
                  登录
                </Link>
                后查看完整结果
              </p>
            )}
          </section>
          <CheckList
            checks={result.checks}
            runKey={runId}
            headline={result.headline}
            overall={result.overall}
            owner={owner}
            customNum={result.custom_num}
            onRefresh={() => void run(result.custom_num, true)}
            refreshing={refreshing}
            // an owner's other card becomes the current one, so the fix acts on it
            onBeforeFix={owner ? () => switchCard(result.custom_num, local) : undefined}
          />
          {/* when the data is from is the last check; here only the refresh and what it did */}
          <div className={styles.meta}>
            <span role="status">{notice ?? ''}</span>
            <button type="button" className={styles.linkBtn} onClick={() => void run(result.custom_num, true)} disabled={refreshing}>
              {refreshing ? '刷新中…' : '刷新数据'}
            </button>
          </div>
          {owner && last && (
            <section className={styles.section} aria-label="检测记录">
              <h2 className={styles.sectionTitle}>上次检测：{ago(last.at, new Date())}</h2>
              <ul className={styles.history}>
                {result.history.map((h) => (
                  <li key={h.at + h.kind}>
                    {ago(h.at, new Date())} · {h.kind === 'line_test' ? '卡片检测' : '智能检测'} · {h.headline}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

export default withQuery(CardCheckPage);
