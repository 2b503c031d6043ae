// One ID-photo slot of /collect: pick an image, upload it at once, show it (docs/spec/portal-spec.md §3,
// "Upload item": uploading, failed, empty). At most 5 MB, images only; the server checks the
// content as well.
import { useState } from 'react';
import { uploadImage } from '../api/upload';
import styles from './PhotoSlot.module.css';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

// A failed pick keeps no preview: a file the server refused may be no image at all (a text file
// named .jpg would show as a broken picture), and the slot must invite another pick.
type Slot =
  | { status: 'empty' }
  | { status: 'uploading'; preview: string }
  | { status: 'failed'; message: string }
  | { status: 'done'; preview: string; id: string };

/**
 * The preview as a data: URL (the spec's upload item "content"), not a blob: URL: the portal's
 * Content-Security-Policy allows images from 'self', data: and https: only.
 */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function PhotoSlot({ label, onChange }: { label: string; onChange(id: string | undefined): void }) {
  const [slot, setSlot] = useState<Slot>({ status: 'empty' });
  const preview = slot.status === 'uploading' || slot.status === 'done' ? slot.preview : undefined;

  async function pick(file: File | undefined) {
    if (!file || slot.status === 'uploading') return;
    // a new pick replaces whatever the slot held, good or not
    onChange(undefined);
    if (!file.type.startsWith('image/')) return setSlot({ status: 'failed', message: '请选择图片' });
    if (file.size > MAX_PHOTO_BYTES) return setSlot({ status: 'failed', message: '图片不能超过5MB' });
    let url: string;
    try {
      url = await readAsDataUrl(file);
    } catch {
      return setSlot({ status: 'failed', message: '图片读取失败，请重新选择' });
    }
    setSlot({ status: 'uploading', preview: url });
    try {
      const answer = await uploadImage(file);
      setSlot({ status: 'done', preview: url, id: answer.id });
      onChange(answer.id);
    } catch (err) {
      setSlot({ status: 'failed', message: err instanceof Error ? err.message : '上传失败' });
    }
  }

  return (
    <div className={styles.slot} data-testid={`photo-${label}`}>
      <label className={styles.photo}>
        {preview ? <img src={preview} alt={label} /> : <span className={styles.plus}>+</span>}
        {!preview && <span>{label}</span>}
        {slot.status === 'uploading' && <span className={styles.photoState}>上传中…</span>}
        {slot.status === 'done' && <span className={styles.photoState}>{label} · 已上传</span>}
        <input
          type="file"
          accept="image/*"
          aria-label={`上传${label}`}
          disabled={slot.status === 'uploading'}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // cleared, so that picking the same file again (after a failure) is a change too
            e.target.value = '';
            void pick(file);
          }}
        />
      </label>
      {/* under the box, not in it: the reason can take two lines */}
      {slot.status === 'failed' && (
        <p className={styles.photoError} role="alert">
          {slot.message}
        </p>
      )}
    </div>
  );
}
