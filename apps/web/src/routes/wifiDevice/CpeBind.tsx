// /cpe_bind — add a device: the serial printed on its label or box, the number of the card in it
// and that card's password (printed on the card's carrier: the proof of holding it, decision 0028),
// checked here and then together by the server; a refusal is shown at its field. The device's
// card becomes the current card, and the owner lands on /cpe with it. 扫码 reads the QR on the box
// (a link here with sn= and custom_num=, which also fills the form when a phone's camera app opens
// it) or the serial's barcode on the label (features/devices/model/boxScan) with the cards
// feature's camera sheet; a refused or missing camera says so, and typing always works.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { Field } from '../../components/Field';
import { CodeScanner, ScanButton, type ScannerTexts } from '../../features/cards/components/CardScanner';
import { forgotPathAfter } from '../../features/cards/model/cardPasswordForm';
import { switchCard } from '../../features/cards/model/currentCard';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { useBindDevice } from '../../features/devices/api/deviceMutations';
import { bindFormProblems, fieldOfRefusal, type BindProblems } from '../../features/devices/model/bindForm';
import { boxFromQuery, boxFromScan, type BoxScan } from '../../features/devices/model/boxScan';
import { ApiError } from '../../lib/api';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import styles from './CpeBind.module.css';

const SCAN_TEXTS: ScannerTexts = {
  title: '扫描设备二维码',
  tip: '将包装盒或设备标签上的二维码、序列号条码放入框内，自动识别',
  unreadable: '未识别到序列号，请对准包装盒上的二维码或标签上的S/N条码',
  typeInstead: '手动输入序列号和卡号',
};

function CpeBindPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const bind = useBindDevice();
  // the box's QR is a link to this page: opened by a phone's camera app, it fills the form
  const [params] = useSearchParams();
  const [linked] = useState(() => boxFromQuery(params) ?? {});
  const [serial, setSerial] = useState(linked.serial ?? '');
  const [customNum, setCustomNum] = useState(linked.customNum ?? '');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<BindProblems>({});
  const [scanning, setScanning] = useState(false);
  const [scanNote, setScanNote] = useState('');
  // after a lock: the holder's way past it, the code to the card's mobile (docs/decisions/0058)
  const [forgot, setForgot] = useState<string>();
  const cardInput = useRef<HTMLInputElement>(null);

  function scanned(found: BoxScan) {
    setScanning(false);
    if (found.serial) setSerial(found.serial);
    if (found.customNum) setCustomNum(found.customNum);
    setProblems({});
    const missingCard = !found.customNum && !customNum;
    setScanNote(
      found.serial && found.customNum
        ? '已识别序列号和卡号，请核对并输入卡密码后添加'
        : found.serial
          ? missingCard
            ? '已识别序列号，请输入设备中流量卡的卡号'
            : '已识别序列号，请核对卡号后添加'
          : '已识别卡号，请输入设备序列号',
    );
    if (missingCard) setTimeout(() => cardInput.current?.focus(), 0);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = bindFormProblems(serial, customNum, password);
    setProblems(found);
    if (found.serial || found.custom_num || found.password) return;
    try {
      const answer = await bind.mutateAsync({ serial: serial.trim().toUpperCase(), custom_num: customNum.trim(), password });
      switchCard(answer.device.custom_num, local);
      await refreshCard(qc, answer.device.custom_num).catch(() => undefined);
      toast(answer.already_bound ? '该设备已在您的账号下' : '添加成功');
      navigate('/cpe', { replace: true });
    } catch (err) {
      const field = err instanceof ApiError ? fieldOfRefusal(err.code) : undefined;
      setForgot(err instanceof ApiError ? forgotPathAfter(err.code, customNum) : undefined);
      if (field) setProblems({ [field]: err instanceof ApiError ? err.message : '' });
      else toast(err instanceof ApiError && err.message ? err.message : '添加失败，请稍后重试');
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="添加设备" fallback="/cpe_router" />
      <p className={styles.intro}>
        序列号（S/N）印在设备背面标签或包装盒上；卡号是设备中流量卡的卡号，扫描包装盒上的二维码可自动填写。卡密码印在流量卡的卡托上，用于证明设备在您手中。
      </p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="序列号"
          end={<ScanButton onClick={() => setScanning(true)} />}
          id="bind-serial"
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
          error={
            problems.serial && (
              <p className={styles.error} role="alert">
                {problems.serial}
              </p>
            )
          }
        />
        <Field
          label="卡号"
          id="bind-card"
          ref={cardInput}
          placeholder="请输入卡号"
          inputMode="numeric"
          maxLength={20}
          value={customNum}
          aria-invalid={Boolean(problems.custom_num)}
          onChange={(e) => {
            setCustomNum(e.target.value);
            setProblems((p) => ({ ...p, custom_num: undefined }));
          }}
          error={
            problems.custom_num && (
              <p className={styles.error} role="alert">
                {problems.custom_num}
              </p>
            )
          }
        />
        <Field
          label="卡密码"
          id="bind-password"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder="卡托上的6位数字卡密码"
          value={password}
          aria-invalid={Boolean(problems.password)}
          onChange={(e) => {
            setPassword(e.target.value);
            setProblems((p) => ({ ...p, password: undefined }));
          }}
          error={
            problems.password && (
              <p className={styles.error} role="alert">
                {problems.password}
              </p>
            )
          }
        />
        {forgot && problems.password && (
          <Link to={forgot} className={styles.forgot} data-testid="forgot-card-password">
            忘记卡密码？用该卡手机号收到的验证码重设
          </Link>
        )}
        {scanNote && (
          <p className={styles.scanNote} role="status">
            {scanNote}
          </p>
        )}
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={bind.isPending}>
          {bind.isPending ? '正在添加…' : '添加设备'}
        </button>
      </form>
      {scanning && <CodeScanner read={boxFromScan} texts={SCAN_TEXTS} onResult={scanned} onClose={() => setScanning(false)} />}
    </div>
  );
}

export default withQuery(CpeBindPage);
