// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormErrors } from '../../../lib/formErrors';
import { DELIVERY_WORDING, DeliveryAddressFields, MAIL_WORDING, type AddressValue, type AddressWording } from './DeliveryAddressFields';

afterEach(cleanup);

type Field = 'receiverName' | 'receiverMobile' | 'region' | 'address';
const EMPTY: AddressValue = { receiver: '', mobile: '', province: '', city: '', district: '', address: '' };
const FIELDS = { receiver: 'receiverName', mobile: 'receiverMobile', region: 'region', address: 'address' } as const;

/** A form as the pages hold one: its own state and field names, a check that fails one field. */
function Form({ wording, initial = EMPTY }: { wording?: AddressWording; initial?: AddressValue }) {
  const [value, setValue] = useState(initial);
  const form = useFormErrors<Field>('t');
  return (
    <form>
      <DeliveryAddressFields
        form={form}
        fields={FIELDS}
        value={value}
        onChange={(c) => setValue((v) => ({ ...v, ...c }))}
        wording={wording}
      />
      <button type="button" onClick={() => form.fail('receiverMobile', '请输入11位手机号')}>
        检查
      </button>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </form>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent!) as AddressValue;

describe('DeliveryAddressFields', () => {
  it('asks for a delivery with 收货人 and 手机号 and the shop’s limits', () => {
    render(<Form wording={DELIVERY_WORDING} />);
    const receiver = screen.getByLabelText('收货人') as HTMLInputElement;
    expect(receiver.name).toBe('receiver');
    expect(receiver.maxLength).toBe(20);
    expect((screen.getByLabelText('手机号') as HTMLInputElement).placeholder).toBe('请输入收货人手机号');
    expect(screen.getByLabelText('手机号').getAttribute('inputmode')).toBe('numeric');
    expect(receiver.getAttribute('inputmode')).toBeNull();
    expect((screen.getByLabelText('详细地址') as HTMLInputElement).maxLength).toBe(100);
    expect(screen.getByTestId('region-picker').textContent).toContain('请选择省 / 市 / 区县');
  });

  it('asks for a mailed card with 收件人 and 联系电话, under the names the server reads', () => {
    render(<Form wording={MAIL_WORDING} />);
    const receiver = screen.getByLabelText('收件人') as HTMLInputElement;
    expect(receiver.name).toBe('receiver_name');
    expect(receiver.maxLength).toBe(30);
    expect((screen.getByLabelText('联系电话') as HTMLInputElement).name).toBe('receiver_mobile');
    expect((screen.getByLabelText('详细地址') as HTMLInputElement).maxLength).toBe(120);
  });

  it('hands each typed part to the form and shows the chosen region', () => {
    render(<Form initial={{ ...EMPTY, province: '广东省', city: '深圳市', district: '南山区' }} />);
    fireEvent.input(screen.getByLabelText('收货人'), { target: { value: '张三' } });
    fireEvent.input(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.input(screen.getByLabelText('详细地址'), { target: { value: '科技园1号' } });
    expect(value()).toEqual({
      receiver: '张三',
      mobile: '13800138000',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      address: '科技园1号',
    });
    expect(screen.getByTestId('region-picker').textContent).toContain('广东省');
    expect(screen.getByTestId('region-picker').textContent).toContain('南山区');
  });

  it('shows a problem at its field under the form’s own name for it, and clears it when that field is edited', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: '检查' }));
    const mobile = screen.getByLabelText('手机号');
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(mobile.getAttribute('aria-describedby')!)?.textContent).toBe('请输入11位手机号');
    // editing another field leaves it
    fireEvent.input(screen.getByLabelText('收货人'), { target: { value: '张' } });
    expect(screen.getByText('请输入11位手机号')).toBeTruthy();
    fireEvent.input(mobile, { target: { value: '1' } });
    expect(screen.queryByText('请输入11位手机号')).toBeNull();
    expect(mobile.getAttribute('aria-invalid')).toBeNull();
  });
});
