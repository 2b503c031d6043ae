// /replace_card — the card-replacement application: where to send the new card, and why.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { StateBlock } from '../../components/StateBlock';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { submitChangeCard } from '../../features/replacement/api/replacement';
import { changeCardFormError, type ChangeCardFields } from '../../features/replacement/model/changeCardForm';
import { withQuery } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from '../../components/StepPage.module.css';

function ReplaceCardPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const token = useStored('token');
  const customNum = useStored('customNum');
  const [fields, setFields] = useState<ChangeCardFields>({ receiverName: '', receiverMobile: '', address: '', reason: '' });
  const [busy, setBusy] = useState(false);
  const set = (k: keyof ChangeCardFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));

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
    if (error) return toast(error);
    setBusy(true);
    try {
      await submitChangeCard({
        custom_num: customNum!,
        receiver_name: fields.receiverName.trim(),
        receiver_mobile: fields.receiverMobile.trim(),
        address: fields.address.trim(),
        reason: fields.reason.trim(),
      });
      await qc.invalidateQueries({ queryKey: ['replacement'] });
      await refreshCard(qc, customNum!);
      toast('换卡申请已提交');
      const form = params.get('form');
      navigate(`/replace_info${form ? `?form=${encodeURIComponent(form)}` : ''}`, { replace: true });
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="换卡申请" fallback="/replace_info" />
      <p className={styles.warn}>请注意：将本卡移到其他设备中使用，可能会被运营商停机。新卡寄出后，请按说明在原设备中使用。</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className="app-field">
          <span className="app-field__label">卡号</span>
          <input className="app-field__input" value={customNum} readOnly />
        </label>
        <label className="app-field">
          <span className="app-field__label">收件人</span>
          <input
            className="app-field__input"
            name="receiver_name"
            autoComplete="name"
            maxLength={30}
            placeholder="请输入收件人姓名"
            value={fields.receiverName}
            onChange={set('receiverName')}
          />
        </label>
        <label className="app-field">
          <span className="app-field__label">联系电话</span>
          <input
            className="app-field__input"
            name="receiver_mobile"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            placeholder="请输入收件人手机号"
            value={fields.receiverMobile}
            onChange={set('receiverMobile')}
          />
        </label>
        <label className="app-field">
          <span className="app-field__label">收货地址</span>
          <input
            className="app-field__input"
            name="address"
            autoComplete="street-address"
            maxLength={120}
            placeholder="省市区及详细地址"
            value={fields.address}
            onChange={set('address')}
          />
        </label>
        <label className="app-field">
          <span className="app-field__label">换卡原因</span>
          <input
            className="app-field__input"
            name="reason"
            maxLength={200}
            placeholder="如：卡片损坏、无法识别"
            value={fields.reason}
            onChange={set('reason')}
          />
        </label>
        <button
          type="submit"
          className="app-btn app-btn--primary app-btn--block"
          style={{ marginTop: 'calc(24 * var(--px))' }}
          disabled={busy}
        >
          {busy ? '提交中…' : '提交申请'}
        </button>
      </form>
    </div>
  );
}

export default withQuery(ReplaceCardPage);
