// The amount part of a balance recharge, for /recharge and /quick_recharge alike: the first-recharge
// offer's line, the preset grid and the "other amount" field with its check. One piece so that the two
// pages cannot drift apart on which amount is chosen at first or what an amount may be.
import type { QuickRechargeOptions } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { Link } from '../../../lib/router';
import styles from '../commerce.module.css';
import { checkRechargeAmount } from '../model/rechargeAmount';

type Offer = NonNullable<QuickRechargeOptions['first_recharge']>;

/**
 * What the holder has picked. A preset is chosen from the start, as carriers' apps do, so the price
 * and the ways to pay show at once: the first-recharge offer's amount when it is one of the presets,
 * else the first. A custom amount, once typed, wins over the presets; `amount` is null while it is
 * not a valid one.
 */
export function useRechargeAmount(options: QuickRechargeOptions | undefined) {
  const [picked, setPicked] = useState<number | null>(null);
  const [custom, setCustom] = useState('');
  const offerAmount = options?.first_recharge?.amount;
  const preset =
    picked ?? (offerAmount !== undefined && options?.presets.includes(offerAmount) ? offerAmount : (options?.presets[0] ?? null));
  const customCheck = custom ? checkRechargeAmount(custom) : null;
  const amount = customCheck ? (customCheck.ok ? customCheck.amount : null) : preset;
  return {
    amount,
    preset,
    custom,
    customError: customCheck && !customCheck.ok ? customCheck.error : null,
    pick(p: number) {
      setPicked(p);
      setCustom('');
    },
    setCustom,
  };
}

export type RechargeAmountState = ReturnType<typeof useRechargeAmount>;

/** The first-recharge offer's line: a link to its page where the holder can open it, else plain text. */
export function RechargeOffer({ offer, to, testId = 'recharge-offer' }: { offer: Offer; to?: string; testId?: string }) {
  const content = (
    <>
      <strong>{offer.title}</strong>
      <span>{offer.description}</span>
    </>
  );
  return to ? (
    <Link className={styles.offer} to={to} data-testid={testId}>
      {content}
      <span className={styles.chevron}>›</span>
    </Link>
  ) : (
    <p className={styles.offer} data-testid={testId}>
      {content}
    </p>
  );
}

/** The preset grid and the other-amount field; `note` is what the page adds below them. */
export function RechargeAmount({
  options,
  state,
  note,
}: {
  options: Pick<QuickRechargeOptions, 'presets' | 'min' | 'max'>;
  state: RechargeAmountState;
  note?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-label="充值金额">
      <h2 className={styles.sectionTitle}>充值金额</h2>
      <div className={styles.amounts}>
        {options.presets.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.amount}
            aria-pressed={!state.custom && state.preset === p}
            onClick={() => state.pick(p)}
          >
            {p}元
          </button>
        ))}
      </div>
      <input
        className={styles.input}
        inputMode="numeric"
        placeholder={`其他金额：请输入 ${options.min} 到 ${options.max} 的整数`}
        value={state.custom}
        onChange={(e) => state.setCustom(e.target.value)}
        aria-label="其他金额"
      />
      {state.customError ? (
        <p className={styles.fieldError} role="alert">
          {state.customError}
        </p>
      ) : null}
      {note}
    </section>
  );
}
