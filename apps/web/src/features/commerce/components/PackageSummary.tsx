import type { Package, PurchaseEffect } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import styles from '../commerce.module.css';
import ownStyles from './PackageSummary.module.css';
import { flowLabel, PACKAGE_TYPE_LABEL, periodLabel } from '../model/labels';

/**
 * What a package card shows, wherever it is chosen (the combo list, quick payment). `recommended`:
 * the list's rule (model/packages recommendedIn) — for a stopped card, the package that brings it back.
 */
export function PackageSummary({ p, recommended }: { p: Package; recommended: boolean }) {
  return (
    <>
      {recommended ? <span className={ownStyles.ribbon}>推荐</span> : null}
      <div className={styles.row}>
        <span className={styles.name} data-testid="package-name">
          {p.name}
        </span>
        <span className={styles.price}>
          <small>¥</small>
          {formatYuan(p.price)}
        </span>
      </div>
      <div className={styles.row}>
        <p className={styles.meta}>
          {PACKAGE_TYPE_LABEL[p.package_type] ?? '套餐'} · {flowLabel(p.flow_mb)} · 有效期{periodLabel(p.period, p.period_count)}
        </p>
        {p.original_price > p.price ? <span className={styles.original}>原价¥{formatYuan(p.original_price)}</span> : null}
      </div>
      {p.effect ? <EffectNote effect={p.effect} short /> : null}
    </>
  );
}

/** The short form on a package tile; the dates are the server's (China-time days). */
function shortText(e: PurchaseEffect): string {
  switch (e.kind) {
    case 'starts_now':
      return `立即生效，有效期至 ${e.valid_until}`;
    case 'queued':
      return `当前套餐到期后生效：${e.first_day} 起，有效期至 ${e.valid_until}`;
    case 'stacks':
      return `叠加到当前套餐，有效至 ${e.valid_until}`;
    default:
      return e.text;
  }
}

/** A sentence with dates in it, each date kept on one line (a phone wraps "2026-12-31" after a hyphen). */
export function WithWholeDates({ text }: { text: string }) {
  return text.split(/(\d{4}-\d{2}-\d{2})/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * What buying the package does to this card, as the server decided it with the rule that
 * fulfils the order: starts now, queues after the current package, stacks, or cannot be bought.
 */
export function EffectNote({ effect, short = false }: { effect: PurchaseEffect; short?: boolean }) {
  const refused = effect.kind === 'refused';
  return (
    <p
      className={`${styles.effect} ${short ? ownStyles.effectShort : ''} ${refused ? styles.effectRefused : ''}`}
      role={refused && !short ? 'alert' : undefined}
      data-testid={short ? 'package-effect-short' : 'package-effect'}
    >
      <WithWholeDates text={short ? shortText(effect) : effect.text} />
      {/* a stopped or used-up card: whether this brings it back today, said before paying */}
      {!short && effect.restores_line === true ? <span className={ownStyles.effectRestores}>支付后立即恢复上网</span> : null}
      {!short && effect.line_note ? <span className={ownStyles.effectLineNote}>{effect.line_note}</span> : null}
    </p>
  );
}
