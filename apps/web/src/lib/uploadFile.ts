// Multipart upload of one image (docs/spec/portal-spec.md §5: 30-second timeout, field name
// "file"), for every page that uploads one (real-name photos, ticket images). Not through call(),
// which speaks JSON; the error catalogue still decides what a failure means, and a lost session
// (401, 40001) ends here as anywhere else: cleared, and off to the login. Other failures are shown
// by the page's own slot, not as a toast over it.
import type { Envelope } from '@portal/contract';
import { pathOf, type Route } from '@portal/contract/route';
import { API_BASE, ApiError } from './api';
import { decideOnOutcome, type Outcome } from './errorCatalogue';
import { clearAuthAndCardSession } from './session';
import { local } from './storage';

export const UPLOAD_TIMEOUT_MS = 30_000;

/** What an upload endpoint answers: the stored file's id and where its owner reads it back. */
export interface UploadedFile {
  id: string;
  url: string;
}

/** POSTs `file` as field "file" to `route` (a contract route such as 'POST /v1/upload'). */
export async function uploadFile(route: Route, file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  const token = local.get('token');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  let outcome: Outcome;
  let envelope: Envelope<UploadedFile> | undefined;
  try {
    const res = await fetch(API_BASE + pathOf(route), {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : { Accept: 'application/json' },
      signal: controller.signal,
    });
    envelope = await res.json().catch(() => undefined);
    outcome = { kind: 'answer', status: res.status, code: envelope?.code, message: envelope?.message };
  } catch {
    outcome = controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network' };
  } finally {
    clearTimeout(timer);
  }
  const action = decideOnOutcome(outcome, {
    path: location.pathname,
    search: location.search,
    loginModel: local.get('loginModel'),
    cardExemptPage: true,
  });
  if (action.ok) return envelope!.data;
  if (action.clear === 'authAndCard') {
    clearAuthAndCardSession();
    // a full load: the router's navigate lives in lib/api, and the session is gone anyway
    if (action.navigate) window.location.assign(action.navigate);
  }
  throw new ApiError(
    action.toast ?? envelope?.message ?? '上传失败',
    outcome.kind === 'answer' ? outcome.status : 0,
    envelope?.code,
    outcome.kind,
  );
}
