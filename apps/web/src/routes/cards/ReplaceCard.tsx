// /replace_card — the card-replacement application: who receives the new card, where (the region
// picker: province → city → district, then the street; or a saved address), and why. A problem is
// said at its field.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { groupCardNumber } from '@portal/domain';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { StateBlock } from '../../components/StateBlock';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { submitChangeCard } from '../../features/replacement/api/replacement';
import { DeliveryAddressFields, MAIL_WORDING } from '../../features/addresses/components/DeliveryAddressFields';
import { SavedAddresses } from '../../features/addresses/components/SavedAddresses';
import type { SavedAddress } from '../../features/addresses/api/addresses';
import {
  changeCardFormError,
  EMPTY_CHANGE_CARD,
  type ChangeCardField,
  type ChangeCardFields,
} from '../../features/replacement/model/changeCardForm';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { withQuery } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from '../../components/StepPage.module.css';
import own from './ReplaceCard.module.css';
import { Field } from '../../components/Field';

type TextField = Exclude<keyof ChangeCardFields, 'province' | 'city' | 'district'>;

function ReplaceCardPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const token = useStored('token');
  const customNum = useStored('customNum');
  const [fields, setFields] = useState<ChangeCardFields>(EMPTY_CHANGE_CARD);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<ChangeCardField>('replace');
  const set = (k: TextField) => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  const formQuery = params.get('form');
  const pick = (a: SavedAddress) => {
    form.clear();
    setFields((f) => ({
      ...f,
      receiverName: a.receiver,
      receiverMobile: a.mobile,
      province: a.province,
      city: a.city,
      district: a.district,
      address: a.address,
    }));
  };

  if (!token || !customNum) {
    return (
      <div className={styles.page}>
        <PageHeader title="换卡申请" />
        <StateBlock
          kind="empty"
          text="请先登录并选择需要换卡的卡号"
          action={
            <button type="button" className="app-btn app-btn--primary" onClick={() => navigate('/login?redirect=%2Freplace_card')}>
              去登录
            </button>
          }
        />
      </div>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const error = changeCardFormError(fields);
    if (error) return form.fail(error.field, error.message);
    form.clear();
    setBusy(true);
    try {
      await submitChangeCard({
        custom_num: customNum!,
        receiver_name: fields.receiverName.trim(),
        receiver_mobile: fields.receiverMobile.trim(),
        province: fields.province,
        city: fields.city,
        district: fields.district,
        address: fields.address.trim(),
        reason: fields.reason.trim(),
      });
      await qc.invalidateQueries({ queryKey: ['replacement'] });
      await refreshCard(qc, customNum!);
      toast('换卡申请已提交');
      navigate(`/replace_info${formQuery ? `?form=${encodeURIComponent(formQuery)}` : ''}`, { replace: true });
    } catch (err) {
      // an application under way, a card that needs none: the card's matter, not one field's
      form.fail(undefined, err instanceof ApiError ? err.message : '提交失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="换卡申请" fallback="/replace_info" />
      <p className={styles.warn}>请注意：将本卡移到其他设备中使用，可能会被运营商停机。新卡寄出后，请按说明在原设备中使用。</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="卡号" value={groupCardNumber(customNum)} readOnly />
        <SavedAddresses onPick={pick} empty={!fields.receiverName && !fields.receiverMobile && !fields.province && !fields.address} />
        <DeliveryAddressFields
          form={form}
          fields={{ receiver: 'receiverName', mobile: 'receiverMobile', region: 'region', address: 'address' }}
          value={{ ...fields, receiver: fields.receiverName, mobile: fields.receiverMobile }}
          onChange={({ receiver, mobile, ...rest }) =>
            setFields((f) => ({
              ...f,
              ...rest,
              ...(receiver !== undefined ? { receiverName: receiver } : {}),
              ...(mobile !== undefined ? { receiverMobile: mobile } : {}),
            }))
          }
          wording={MAIL_WORDING}
        />
        <Field
          label="换卡原因"
          form={form}
          field="reason"
          name="reason"
          maxLength={200}
          placeholder="选填，如：卡片损坏、无法识别"
          hint="运营商要求更换的卡，无需填写原因"
          value={fields.reason}
          onChange={set('reason')}
        />
        {form.message()}
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${own.submit}`} disabled={busy}>
          {busy ? '提交中…' : '提交申请'}
        </button>
        <p className={own.help}>
          对换卡有疑问？<Link to="/customer?form=replace_card">联系客服</Link>
        </p>
      </form>
    </div>
  );
}

export default withQuery(ReplaceCardPage);
