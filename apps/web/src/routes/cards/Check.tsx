// /check — the card test of the current card: the carrier tests the line end to end (registered
// on the network, a data session, the APN) and each step says what it means, with the same fix
// buttons as the smart diagnosis.
import { groupCardNumber } from '@portal/domain';
import type { LineTestAnswer } from '@portal/contract';
import { useState } from 'react';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { StateBlock } from '../../components/StateBlock';
import { runLineTest } from '../../features/diagnosis/api/diagnosis';
import { CheckList } from '../../features/diagnosis/components/CheckList';
import styles from '../../features/diagnosis/components/diagnosis.module.css';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function CheckPage() {
  const customNum = useStored('customNum');
  const [result, setResult] = useState<LineTestAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  async function test() {
    if (!customNum) return;
    setBusy(true);
    setResult(null);
    try {
      setResult(await runLineTest(customNum));
    } catch {
      // the API client said why
    } finally {
      setBusy(false);
    }
  }

  if (!customNum) return <StateBlock kind="empty" text="请先选择要检测的卡片" />;
  return (
    <div className={styles.page}>
      <PageHeader title="卡片检测" />
      <section className={styles.section} aria-label="检测的卡片">
        <p className={styles.cardLine}>
          <span className={styles.cardNum}>{groupCardNumber(customNum)}</span>
        </p>
        <p className={styles.intro} style={{ marginTop: 8 }}>
          由运营商实时测试这张卡：能否注册到网络、能否建立数据连接、APN 设置是否正确。约需几秒钟。
        </p>
        <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={() => void test()} disabled={busy}>
          {busy ? '测试中…' : result ? '重新测试' : '开始测试'}
        </button>
      </section>
      {result && (
        <CheckList
          checks={result.checks}
          runKey={result.tested_at}
          headline={result.headline}
          overall={result.overall}
          owner
          customNum={result.custom_num}
        />
      )}
      <p className={styles.meta} style={{ justifyContent: 'center' }}>
        <Link to="/card_check" className={styles.linkBtn} style={{ display: 'inline-flex', alignItems: 'center' }}>
          查看智能检测（套餐、余额、设备信号）
        </Link>
      </p>
    </div>
  );
}

export default withQuery(CheckPage);
