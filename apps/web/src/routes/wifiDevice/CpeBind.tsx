// /cpe_bind — add a device: the serial printed on its label or box and the number of the card in
// it, checked here and then as a pair by the server; a refusal is shown at its field. The device's
// card becomes the current card, and the owner lands on /cpe with it.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { switchCard } from '../../features/cards/model/currentCard';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { useBindDevice } from '../../features/devices/api/deviceMutations';
import { bindFormProblems, fieldOfRefusal, type BindProblems } from '../../features/devices/model/bindForm';
import { ApiError } from '../../lib/api';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import styles from './CpeBind.module.css';

function CpeBindPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const bind = useBindDevice();
  const [serial, setSerial] = useState('');
  const [customNum, setCustomNum] = useState('');
  const [problems, setProblems] = useState<BindProblems>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = bindFormProblems(serial, customNum);
    setProblems(found);
    if (found.serial || found.custom_num) return;
    try {
      const answer = await bind.mutateAsync({ serial: serial.trim().toUpperCase(), custom_num: customNum.trim() });
      switchCard(answer.device.custom_num, local);
      await refreshCard(qc, answer.device.custom_num).catch(() => undefined);
      toast(answer.already_bound ? '该设备已在您的账号下' : '添加成功');
      navigate('/cpe', { replace: true });
    } catch (err) {
      const field = err instanceof ApiError ? fieldOfRefusal(err.code) : undefined;
      if (field) setProblems({ [field]: err instanceof ApiError ? err.message : '' });
      else toast(err instanceof ApiError && err.message ? err.message : '添加失败，请稍后重试');
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="添加设备" fallback="/cpe_router" />
      <p className={styles.intro}>序列号（S/N）印在设备背面标签或包装盒上；卡号是设备中流量卡的卡号。</p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className="app-field">
          <label className="app-field__label" htmlFor="bind-serial">
            序列号
          </label>
          <input
            id="bind-serial"
            className="app-field__input"
            placeholder="请输入设备序列号"
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={32}
            value={serial}
            aria-invalid={Boolean(problems.serial)}
            onChange={(e) => {
              setSerial(e.target.value);
              setProblems((p) => ({ ...p, serial: undefined }));
            }}
          />
        </div>
        {problems.serial && (
          <p className={styles.error} role="alert">
            {problems.serial}
          </p>
        )}
        <div className="app-field">
          <label className="app-field__label" htmlFor="bind-card">
            卡号
          </label>
          <input
            id="bind-card"
            className="app-field__input"
            placeholder="请输入卡号"
            inputMode="numeric"
            maxLength={20}
            value={customNum}
            aria-invalid={Boolean(problems.custom_num)}
            onChange={(e) => {
              setCustomNum(e.target.value);
              setProblems((p) => ({ ...p, custom_num: undefined }));
            }}
          />
        </div>
        {problems.custom_num && (
          <p className={styles.error} role="alert">
            {problems.custom_num}
          </p>
        )}
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={bind.isPending}>
          {bind.isPending ? '正在添加…' : '添加设备'}
        </button>
      </form>
    </div>
  );
}

export default withQuery(CpeBindPage);
