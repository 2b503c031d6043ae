import { cleanNickname, NICKNAME_MAX, nicknameProblem } from '@portal/domain/cardNickname';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSetCardNickname } from '../api/cardNickname';
import styles from './NicknameForm.module.css';

/**
 * Inline form for the user's own name of a card: the same rule as the server (1-10 characters,
 * empty clears), and whatever is wrong said at the field, never only as a toast.
 */
export function NicknameForm({ customNum, current, onDone }: { customNum: string; current: string; onDone(): void }) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState('');
  const save = useSetCardNickname();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // opened from a card low on the page, the form would appear under the fixed 添加卡片 bar: bring
  // it to the middle of the screen, where the tap that opened it is answered in sight
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'center' });
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const nickname = cleanNickname(value);
    const problem = nicknameProblem(nickname);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await save.mutateAsync({ customNum, nickname });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '保存失败，请重试');
      return;
    }
    toast(nickname ? '备注名已保存' : '备注名已清除');
    onDone();
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={id} className={styles.label}>
        备注名
      </label>
      <input
        id={id}
        className={error ? `${styles.input} ${styles.invalid}` : styles.input}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError('');
        }}
        placeholder="如：家里路由器"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        autoComplete="off"
        enterKeyHint="done"
        autoFocus
      />
      {/* the rule under the field, not in the placeholder: a long placeholder is cut off on a phone */}
      <p id={`${id}-hint`} className={styles.hint}>
        最多{NICKNAME_MAX}个字，留空保存则清除备注名
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="button" className={styles.cancel} onClick={onDone}>
          取消
        </button>
        <button type="submit" className={styles.save} disabled={save.isPending}>
          {save.isPending ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
