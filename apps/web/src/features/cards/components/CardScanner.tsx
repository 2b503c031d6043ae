// The camera sheet of /bind_card: the back camera's picture, read a few times a second until a
// code carries a card number (or ICCID); a refused or missing camera is said plainly, and
// 手动输入 closes the sheet (typing always works). CodeScanner is the same sheet for any code a
// page reads (/cpe_bind: the QR on a device's box), with its own reading and words.
import { useEffect, useRef, useState } from 'react';
import { cardNumberFromScan } from '../model/scanText';
import { createFrameDecoder } from './scanDecoder';
import styles from './CardScanner.module.css';

const FRAME_MS = 250;

type Problem = 'denied' | 'absent' | 'busy' | 'failed';

/** What the sheet says: its name, the tip, the tip once a code was seen that carries nothing of
 *  use, and what to type instead (ends every camera problem's message). */
export interface ScannerTexts {
  title: string;
  tip: string;
  unreadable: string;
  typeInstead: string;
}

const CARD_TEXTS: ScannerTexts = {
  title: '扫描卡片条码',
  tip: '将卡托上的条码或二维码放入框内，自动识别卡号',
  unreadable: '未识别到卡号，请对准卡托上的卡号或ICCID条码',
  typeInstead: '手动输入卡号',
};

function problemText(problem: Problem, typeInstead: string): string {
  switch (problem) {
    case 'denied':
      return `未获得相机权限。请在浏览器或系统设置中允许本页面使用相机，或${typeInstead}。`;
    case 'absent':
      return `未找到可用的相机（或当前浏览器不支持调用相机），请${typeInstead}。`;
    case 'busy':
      return `相机正被其他应用使用，请关闭后重试，或${typeInstead}。`;
    case 'failed':
      return `扫码组件加载失败，请检查网络后重试，或${typeInstead}。`;
  }
}

/** What went wrong opening the camera (also /camera's check). */
export type CameraProblem = Problem;
export const cameraProblemOf = (err: unknown): CameraProblem => problemOf(err);

function problemOf(err: unknown): Problem {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'absent';
}

/** The 扫码 button at the end of a form field, which opens the scanner. */
export function ScanButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className={`app-field__action ${styles.scanButton}`} onClick={onClick}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M4 12h16" />
      </svg>
      扫码
    </button>
  );
}

export function CardScanner({ onResult, onClose }: { onResult(numOrIccid: string): void; onClose(): void }) {
  return <CodeScanner read={cardNumberFromScan} texts={CARD_TEXTS} onResult={onResult} onClose={onClose} />;
}

interface CodeScannerProps<T> {
  /** what a scanned text carries for the page; undefined: nothing, keep scanning */
  read: (text: string) => T | undefined;
  texts: ScannerTexts;
  onResult(value: T): void;
  onClose(): void;
}

export function CodeScanner<T>({ read, texts, onResult, onClose }: CodeScannerProps<T>) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem>();
  const [unreadable, setUnreadable] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    setProblem(undefined);
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setProblem('absent');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (err) {
        if (!over) setProblem(problemOf(err));
        return;
      }
      if (over) return stream.getTracks().forEach((t) => t.stop());
      const el = video.current!;
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      let decode;
      try {
        decode = await createFrameDecoder();
      } catch {
        if (!over) setProblem('failed');
        return;
      }
      const tick = async () => {
        if (over) return;
        if (el.readyState >= 2) {
          const codes = await decode(el).catch(() => []);
          const found = codes.map(read).find((v) => v !== undefined);
          if (found !== undefined && !over) return onResult(found);
          if (codes.length) setUnreadable(true);
        }
        timer = setTimeout(tick, FRAME_MS);
      };
      tick();
    })();
    return () => {
      over = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    // onResult is the page's and changes each render; the camera follows only a retry
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  return (
    <div className={styles.sheet} role="dialog" aria-modal="true" aria-label={texts.title}>
      <div className={styles.view}>
        <video ref={video} className={styles.video} muted playsInline aria-hidden="true" />
        {!problem && <div className={styles.frame} aria-hidden="true" />}
      </div>
      <div className={styles.panel}>
        {problem ? (
          <p className={styles.problem} role="alert">
            {problemText(problem, texts.typeInstead)}
          </p>
        ) : (
          <p className={styles.tip} aria-live="polite">
            {unreadable ? texts.unreadable : texts.tip}
          </p>
        )}
        <div className={styles.actions}>
          {problem && problem !== 'absent' && (
            <button type="button" className="app-btn app-btn--ghost" onClick={() => setAttempt((n) => n + 1)}>
              重试
            </button>
          )}
          <button type="button" className="app-btn app-btn--primary" onClick={onClose}>
            手动输入
          </button>
        </div>
      </div>
    </div>
  );
}
