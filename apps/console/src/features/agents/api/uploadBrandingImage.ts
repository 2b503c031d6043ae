import { ADMIN_ENDPOINTS } from '@portal/contract/admin';
import { pathOf } from '@portal/contract/route';
import { API_BASE, ApiError } from '../../../lib/api';

/** A branding image uploaded (multipart, not JSON): its URL for the field. */
export async function uploadBrandingImage(agentId: number, file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(API_BASE + pathOf(ADMIN_ENDPOINTS.adminBrandingImageUpload.route, { id: agentId }), {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  const env = (await res.json().catch(() => undefined)) as { code: number; message: string; data?: { url: string } } | undefined;
  if (!res.ok || !env || env.code !== 0 || !env.data) throw new ApiError(env?.message ?? '上传失败，请重试', res.status);
  return env.data.url;
}
