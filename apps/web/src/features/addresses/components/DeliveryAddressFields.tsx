// Who receives a parcel and where: receiver, mobile, province → city → district (the one region
// picker) and the street. The one set of address fields of the device shop's order, the card
// replacement's application and 地址管理 (docs/decisions/0046-addresses.md), so the three cannot
// drift apart on labels, limits or how a problem is shown. Each form keeps its own state and its
// own check (the server's limits differ a little: a replacement's receiver may be 30 characters);
// errors sit at their field (lib/formErrors).
import { ADDRESS_MAX, RECEIVER_MAX } from '@portal/contract/patterns/shop';
import type { ChangeEvent } from 'react';
import type { FormErrors } from '../../../lib/formErrors';
import type { RegionValue } from '../model/region';
import { RegionPicker } from './RegionPicker';
import { Field } from '../../../components/Field';

export interface AddressValue extends RegionValue {
  receiver: string;
  mobile: string;
  address: string;
}

export type AddressPart = 'receiver' | 'mobile' | 'region' | 'address';

/** What the fields are called and how long they may be, by what is being sent. */
export interface AddressWording {
  receiver: string;
  receiverPlaceholder: string;
  mobile: string;
  mobilePlaceholder: string;
  receiverMax: number;
  addressMax: number;
  /** the inputs' name attributes (what the server calls them) */
  names: Record<Exclude<AddressPart, 'region'>, string>;
}

/** A device delivered, or an address kept for it. */
export const DELIVERY_WORDING: AddressWording = {
  receiver: '收货人',
  receiverPlaceholder: '请输入收货人姓名',
  mobile: '手机号',
  mobilePlaceholder: '请输入收货人手机号',
  receiverMax: RECEIVER_MAX,
  addressMax: ADDRESS_MAX,
  names: { receiver: 'receiver', mobile: 'mobile', address: 'address' },
};

/** A new card mailed to the holder (the replacement application's limits). */
export const MAIL_WORDING: AddressWording = {
  receiver: '收件人',
  receiverPlaceholder: '请输入收件人姓名',
  mobile: '联系电话',
  mobilePlaceholder: '请输入收件人手机号',
  receiverMax: 30,
  addressMax: 120,
  names: { receiver: 'receiver_name', mobile: 'receiver_mobile', address: 'address' },
};

export interface DeliveryAddressFieldsProps<F extends string> {
  form: FormErrors<F>;
  /** which of the form's fields each part is (the form's errors are named by them) */
  fields: Record<AddressPart, F>;
  value: AddressValue;
  /** a part changed: the form merges it into its state (its error has been cleared) */
  onChange(change: Partial<AddressValue>): void;
  wording?: AddressWording;
}

export function DeliveryAddressFields<F extends string>({
  form,
  fields,
  value,
  onChange,
  wording = DELIVERY_WORDING,
}: DeliveryAddressFieldsProps<F>) {
  const input = (part: Exclude<AddressPart, 'region'>, label: string, hint: string, autoComplete: string, maxLength: number) => (
    <>
      <Field
        label={label}
        form={form}
        field={fields[part]}
        name={wording.names[part]}
        inputMode={part === 'mobile' ? 'numeric' : undefined}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={hint}
        value={value[part]}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          form.clear(fields[part]);
          onChange({ [part]: e.target.value });
        }}
      />
    </>
  );
  return (
    <>
      {input('receiver', wording.receiver, wording.receiverPlaceholder, 'name', wording.receiverMax)}
      {input('mobile', wording.mobile, wording.mobilePlaceholder, 'tel', 11)}
      <RegionPicker
        control={form.field(fields.region)}
        value={value}
        onChange={(r) => {
          form.clear(fields.region);
          onChange(r);
        }}
      />
      {form.at(fields.region)}
      {input('address', '详细地址', '街道、楼栋、门牌号', 'street-address', wording.addressMax)}
    </>
  );
}
