// The redirect prompt (docs/spec/portal-spec.md §4 "Redirect prompts", section 9) and the cancelled-card
// message. antd-mobile comes in with this lazy module only, never with the first page.
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../lib/ui';
import { countsDown, PROMPT_SECONDS, targetName, type PromptSpec } from '../model/prompt';
import styles from './GatePrompt.module.css';

interface RedirectProps {
  spec: Extract<PromptSpec, { kind: 'redirect' }>;
  /** confirm, or the countdown reached 0 */
  onGo(): void;
  onCancel(): void;
}

/** "将在 N 秒后前往{页面名}": 4, 3, 2, 1, then the target. Counts against the clock, so a
 *  throttled background tab still ends on time. */
export function RedirectPrompt({ spec, onGo, onCancel }: RedirectProps) {
  const [left, setLeft] = useState(PROMPT_SECONDS);
  const done = useRef(false);
  const finish = (go: boolean) => {
    if (done.current) return;
    done.current = true;
    if (go) onGo();
    else onCancel();
  };
  const finishRef = useRef(finish);
  finishRef.current = finish;

  const timed = countsDown(spec);
  useEffect(() => {
    if (!timed) return;
    const endsAt = Date.now() + PROMPT_SECONDS * 1000;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const ms = endsAt - Date.now();
      const s = Math.max(0, Math.ceil(ms / 1000));
      setLeft(s);
      if (s === 0) return finishRef.current(true);
      // wake up at the next whole second left
      timer = setTimeout(tick, ms - (s - 1) * 1000);
    };
    timer = setTimeout(tick, 1000);
    return () => clearTimeout(timer);
  }, [timed]);

  return (
    <Dialog
      visible
      bodyClassName="app-dialog"
      title="温馨提示"
      content={
        <div data-testid="redirect-prompt" data-to={spec.to}>
          <p className={styles.message}>{spec.message}</p>
          {timed ? (
            <p className={styles.countdown} data-testid="prompt-countdown">
              将在 <span className={styles.seconds}>{left}</span> 秒后前往{targetName(spec.to)}
            </p>
          ) : (
            <p className={styles.countdown} data-testid="prompt-optional">
              这一步可以稍后再做，不影响使用
            </p>
          )}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: timed ? '取消' : '以后再说' },
          { key: 'go', text: '立即前往', bold: true },
        ],
      ]}
      onAction={(action) => finish(action.key === 'go')}
    />
  );
}

interface BlockProps {
  spec: Extract<PromptSpec, { kind: 'block' }>;
  onService(): void;
  onClose(): void;
}

/** A cancelled card (state 6): nothing to go to; the user stays and may ask online service. */
export function BlockPrompt({ spec, onService, onClose }: BlockProps) {
  return (
    <Dialog
      visible
      bodyClassName="app-dialog"
      title="温馨提示"
      content={
        <div data-testid="block-prompt">
          <p className={styles.message}>{spec.message}</p>
          <p className={styles.hint}>如需帮助，请联系在线客服</p>
        </div>
      }
      actions={[
        [
          { key: 'close', text: '我知道了' },
          { key: 'service', text: '联系客服', bold: true },
        ],
      ]}
      onAction={(action) => (action.key === 'service' ? onService() : onClose())}
    />
  );
}
