// /camera — 测试: the camera check (test only, no service button). Opens the back camera and shows
// its picture; a refused or missing camera is said plainly, with what to do.
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { cameraProblemOf, type CameraProblem } from '../../features/cards/components/CardScanner';
import styles from './Support.module.css';

type CameraState =
  | { kind: 'starting' }
  | { kind: 'live'; width: number; height: number; facing: string }
  | { kind: 'problem'; problem: CameraProblem };

const PROBLEM_TEXT: Record<CameraProblem, string> = {
  denied: '相机权限被拒绝。请在浏览器或系统设置中允许本页面使用相机，然后点击「重新检测」。',
  absent: '未找到可用的相机，或当前浏览器不支持调用相机。请换用手机自带浏览器打开本页面。',
  busy: '相机正被其他应用使用，请关闭其他使用相机的应用后点击「重新检测」。',
  failed: '相机启动失败，请点击「重新检测」。',
};

/** what the browser reports of the camera in use (a desktop webcam reports nothing) */
const FACING: Record<string, string> = { environment: '后置相机', user: '前置相机' };

export default function CameraPage() {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let over = false;
    setState({ kind: 'starting' });
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setState({ kind: 'problem', problem: 'absent' });
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (err) {
        if (!over) setState({ kind: 'problem', problem: cameraProblemOf(err) });
        return;
      }
      if (over) return stream.getTracks().forEach((t) => t.stop());
      const el = video.current!;
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      const track = stream.getVideoTracks()[0];
      const s = track?.getSettings() ?? {};
      if (!over)
        setState({
          kind: 'live',
          width: s.width ?? el.videoWidth,
          height: s.height ?? el.videoHeight,
          facing: FACING[s.facingMode ?? ''] ?? '',
        });
    })();
    return () => {
      over = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [attempt]);

  return (
    <div className={styles.page}>
      <PageHeader title="相机检测" />
      <div className={styles.preview}>
        <video ref={video} muted playsInline aria-label="相机画面" hidden={state.kind !== 'live'} />
        {state.kind !== 'live' && <p className={styles.previewNote}>{state.kind === 'starting' ? '正在打开后置相机…' : '无相机画面'}</p>}
      </div>
      {state.kind === 'live' && (
        <p className={styles.ok} role="status">
          相机工作正常{state.width && state.height ? `（${state.width}×${state.height}）` : ''}
          {state.facing ? `，正在使用${state.facing}` : ''}
        </p>
      )}
      {state.kind === 'problem' && (
        <p className={styles.problem} role="alert">
          {PROBLEM_TEXT[state.problem]}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="app-btn app-btn--primary app-btn--block"
          disabled={state.kind === 'starting'}
          onClick={() => setAttempt((n) => n + 1)}
        >
          重新检测
        </button>
      </div>
    </div>
  );
}
