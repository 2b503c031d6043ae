// One ID-photo slot of /collect: pick an image, upload it at once, show it (spec section 3,
// "Upload item": uploading, failed, empty). At most 5 MB, images only; the server checks the
// content as well.
import { useEffect, useState } from 'react';
import { uploadImage } from '../api/upload';
import styles from './PhotoSlot.module.css';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

type Slot = { status: 'empty' } | { status: 'uploading'; preview: string } | { status: 'failed'; preview: string; message: string } | { status: 'done'; preview: string; id: string };

export function PhotoSlot({ label, onChange }: { label: string; onChange(id: string | undefined): void }) {
  const [slot, setSlot] = useState<Slot>({ status: 'empty' });
  const preview = slot.status === 'empty' ? undefined : slot.preview;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function pick(file: File | undefined) {
    if (!file || slot.status === 'uploading') return;
    if (!file.type.startsWith('image/')) return setSlot({ status: 'failed', preview: '', message: '请选择图片' });
    if (file.size > MAX_PHOTO_BYTES) return setSlot({ status: 'failed', preview: '', message: '图片不能超过5MB' });
    const url = URL.createObjectURL(file);
    setSlot({ status: 'uploading', preview: url });
    onChange(undefined);
    try {
      const answer = await uploadImage(file);
      setSlot({ status: 'done', preview: url, id: answer.id });
      onChange(answer.id);
    } catch (err) {
      setSlot({ status: 'failed', preview: url, message: err instanceof Error ? err.message : '上传失败' });
    }
  }

  return (
    <label className={styles.photo} data-testid={`photo-${label}`}>
      {preview ? <img src={preview} alt={label} /> : <span className={styles.plus}>+</span>}
      {!preview && <span>{label}</span>}
      {slot.status === 'uploading' && <span className={styles.photoState}>上传中…</span>}
      {slot.status === 'failed' && <span className={styles.photoState}>{slot.message}</span>}
      {slot.status === 'done' && <span className={styles.photoState}>{label} · 已上传</span>}
      <input type="file" accept="image/*" aria-label={`上传${label}`} disabled={slot.status === 'uploading'} onChange={(e) => void pick(e.target.files?.[0])} />
    </label>
  );
}
