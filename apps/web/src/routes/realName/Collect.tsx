// /collect — the card holder's personal information (the gate "请先完善个人信息"): name, resident
// ID number (check digit validated before anything is sent), mobile; front and back ID photos
// where the carrier needs them (Telecom, CME).
import { groupCardNumber } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { submitCardRealName } from '../../features/realName/api/cardRealName';
import { useRealNameData } from '../../features/realName/api/realNameData';
import { PhotoSlot } from '../../features/realName/components/PhotoSlot';
import {
  collectFormError,
  normaliseId,
  photosRequired,
  type CollectError,
  type CollectFields,
} from '../../features/realName/model/collectForm';
import { withQuery } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from '../../components/StepPage.module.css';
import { Field } from '../../components/Field';

function CollectPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const token = useStored('token');
  const customNum = useStored('customNum');
  const data = useRealNameData(token ? customNum : undefined);
  const [fields, setFields] = useState<CollectFields>({ name: '', idNumber: '', mobile: '' });
  const [front, setFront] = useState<string>();
  const [back, setBack] = useState<string>();
  const [error, setError] = useState<CollectError>();
  const [busy, setBusy] = useState(false);
  const set = (k: keyof CollectFields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    if (error?.field === k) setError(undefined);
  };
  // an uploaded photo answers the "upload both sides" error; it should not linger under them
  const photo = (setSide: (id: string | undefined) => void) => (id: string | undefined) => {
    setSide(id);
    if (id && error?.field === 'photos') setError(undefined);
  };

  if (!token || !customNum) {
    return (
      <div className={styles.page}>
        <PageHeader title="信息采集" />
        <StateBlock
          kind="empty"
          text={token ? '请先绑定卡号，再完善机主信息' : '请先登录，再完善机主信息'}
          action={
            <button
              type="button"
              className="app-btn app-btn--primary"
              onClick={() => navigate(token ? '/bind_card' : '/login?redirect=%2Fcollect')}
            >
              {token ? '去绑卡' : '去登录'}
            </button>
          }
        />
      </div>
    );
  }
  if (data.isPending) return <PageLoading />;
  if (data.isError) {
    return (
      <div className={styles.page}>
        <PageHeader title="信息采集" />
        <LoadFailed text="信息加载失败" onRetry={() => data.refetch()} />
      </div>
    );
  }

  const needPhotos = photosRequired(data.data);
  const saved = data.data.personal_info;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = collectFormError(fields, { required: needPhotos, front, back });
    if (problem) {
      // shown under its field; a toast on top would cover it
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await submitCardRealName({
        custom_num: customNum!,
        name: fields.name.trim(),
        id_number: normaliseId(fields.idNumber),
        mobile: fields.mobile.trim(),
        ...(needPhotos ? { id_photo_front: front, id_photo_back: back } : {}),
      });
      await refreshCard(qc, customNum!);
      toast('信息提交成功');
      navigate('/', { replace: true });
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (k: CollectError['field']) =>
    error?.field === k ? (
      <p className={styles.fieldError} role="alert" data-testid={`error-${k}`}>
        {error.message}
      </p>
    ) : null;

  return (
    <div className={styles.page}>
      <PageHeader title="信息采集" />
      <div className={styles.hero}>
        <span className={styles.heroIcon}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c.8-4 4-6 8-6s7.2 2 8 6" />
          </svg>
        </span>
        <div>
          <p className={styles.heroTitle}>完善机主信息</p>
          <p className={styles.heroText}>根据运营商要求，请填写卡号 {groupCardNumber(customNum ?? '')} 的机主本人信息</p>
        </div>
      </div>
      {saved && (
        <Panel title="已登记信息">
          <dl className={styles.facts}>
            <div>
              <dt>姓名</dt>
              <dd>{saved.name}</dd>
            </div>
            <div>
              <dt>身份证号</dt>
              <dd>{saved.id_number}</dd>
            </div>
            <div>
              <dt>手机号</dt>
              <dd>{saved.mobile}</dd>
            </div>
          </dl>
        </Panel>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          label="姓名"
          name="name"
          autoComplete="name"
          maxLength={30}
          placeholder="请输入机主姓名"
          value={fields.name}
          onChange={set('name')}
          error={fieldError('name')}
        />
        <Field
          label="身份证号"
          name="id_number"
          maxLength={20}
          placeholder="请输入18位身份证号码"
          value={fields.idNumber}
          onChange={set('idNumber')}
          error={fieldError('idNumber')}
        />
        <Field
          label="手机号"
          name="mobile"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder="请输入机主手机号"
          value={fields.mobile}
          onChange={set('mobile')}
          error={fieldError('mobile')}
        />
        {needPhotos && (
          <>
            <p className={styles.label}>身份证照片（{data.data.supplier === 3 ? '中国电信' : '中国广电'}要求上传）</p>
            <div className={styles.photos}>
              <PhotoSlot label="人像面" onChange={photo(setFront)} />
              <PhotoSlot label="国徽面" onChange={photo(setBack)} />
            </div>
            {fieldError('photos')}
          </>
        )}
        <p className={styles.muted} style={{ marginTop: 'calc(14 * var(--px))' }}>
          您的信息仅用于运营商实名登记，我们将严格保密。
        </p>
        <button
          type="submit"
          className="app-btn app-btn--primary app-btn--block"
          style={{ marginTop: 'calc(20 * var(--px))' }}
          disabled={busy}
        >
          {busy ? '提交中…' : '提交'}
        </button>
      </form>
    </div>
  );
}

export default withQuery(CollectPage);
