import { pathOf } from '@portal/contract/route';
import { API_BASE, ApiError, newRequestKey } from '../../../lib/api';
import * as admin from '@portal/contract/routes/admin';

/**
 * A branding image uploaded (multipart, not JSON): its URL for the field. Like every console write it
 * carries an Idempotency-Key (docs/decisions/0041-console-writes-once.md): one per upload, so a
 * request repeated on the way (a retry, a double submit) stores one image, not a second one nothing
 * points to.
 */
export async function uploadBrandingImage(agentId: number, file: File, idempotencyKey = newRequestKey()): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(API_BASE + pathOf(admin.adminBrandingImageUpload, { id: agentId }), {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    credentials: 'same-origin',
  });
  const env = (await res.json().catch(() => undefined)) as { code: number; message: string; data?: { url: string } } | undefined;
  if (!res.ok || !env || env.code !== 0 || !env.data) throw new ApiError(env?.message ?? '上传失败，请重试', res.status);
  return env.data.url;
}
