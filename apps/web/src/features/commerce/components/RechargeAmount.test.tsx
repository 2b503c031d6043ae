// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RechargeAmount, RechargeOffer, useRechargeAmount } from './RechargeAmount';

afterEach(cleanup);

const OPTIONS = { presets: [30, 50, 100], min: 1, max: 5000, first_recharge: null };
const OFFER = { amount: 50, bonus_amount: 10, title: '首充优惠', description: '充50送10' };

/** The page's part of it: the picker, and the amount the page would quote. */
function Page({ options }: { options: Parameters<typeof useRechargeAmount>[0] }) {
  const state = useRechargeAmount(options);
  return (
    <>
      {options ? <RechargeAmount options={options} state={state} note={<p>说明</p>} /> : null}
      <output data-testid="amount">{state.amount ?? '无'}</output>
    </>
  );
}

const amount = () => screen.getByTestId('amount').textContent;
const pressed = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('RechargeAmount', () => {
  it('starts on the first preset, so the price shows at once', () => {
    render(<Page options={OPTIONS} />);
    expect(amount()).toBe('30');
    expect(pressed()).toEqual(['30元']);
    expect(screen.getByText('说明')).toBeTruthy();
  });

  it('starts on the first-recharge offer’s amount when it is one of the presets', () => {
    render(<Page options={{ ...OPTIONS, first_recharge: OFFER }} />);
    expect(amount()).toBe('50');
  });

  it('starts on the first preset when the offer’s amount is not one of them', () => {
    render(<Page options={{ ...OPTIONS, first_recharge: { ...OFFER, amount: 77 } }} />);
    expect(amount()).toBe('30');
  });

  it('takes a typed amount over the presets, and none while the typed one is wrong', () => {
    render(<Page options={OPTIONS} />);
    fireEvent.click(screen.getByRole('button', { name: '100元' }));
    expect(amount()).toBe('100');
    const other = screen.getByLabelText('其他金额');
    expect(other.getAttribute('placeholder')).toBe('其他金额：请输入 1 到 5000 的整数');
    fireEvent.input(other, { target: { value: '88' } });
    expect(amount()).toBe('88');
    expect(pressed()).toEqual([]);
    fireEvent.input(other, { target: { value: '6000' } });
    expect(amount()).toBe('无');
    expect(screen.getByRole('alert').textContent).toBe('请输入 1 到 5000 之间的整数金额');
    // a preset tapped again clears what was typed
    fireEvent.click(screen.getByRole('button', { name: '50元' }));
    expect(amount()).toBe('50');
    expect((other as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no amount before the options arrive', () => {
    render(<Page options={undefined} />);
    expect(amount()).toBe('无');
  });
});

describe('RechargeOffer', () => {
  it('says the offer as text where there is no page to open', () => {
    render(<RechargeOffer offer={OFFER} testId="quick-offer" />);
    const line = screen.getByTestId('quick-offer');
    expect(line.tagName).toBe('P');
    expect(line.textContent).toBe('首充优惠充50送10');
  });
});
