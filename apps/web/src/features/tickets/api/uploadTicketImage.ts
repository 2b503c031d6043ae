// Multipart upload of one ticket image (docs/spec/portal-spec.md §5: 30-second timeout, field name
// "file"). Not through lib/api's call(), which speaks JSON; the error catalogue still decides what a
// failure means, and a lost session ends here as anywhere else.
import type { Envelope } from '@portal/contract';
import type { AnswerOf } from '@portal/contract/endpoints';
import * as api from '@portal/contract/routes/tickets';
import { pathOf } from '@portal/contract/route';
import { API_BASE, ApiError } from '../../../lib/api';
import { decideOnOutcome, type Outcome } from '../../../lib/errorCatalogue';
import { clearAuthAndCardSession } from '../../../lib/session';
import { local } from '../../../lib/storage';

export const UPLOAD_TIMEOUT_MS = 30_000;

export type TicketImage = AnswerOf<'ticketUpload'>;

export async function uploadTicketImage(file: File): Promise<TicketImage> {
  const form = new FormData();
  form.append('file', file);
  const token = local.get('token');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  let outcome: Outcome;
  let envelope: Envelope<TicketImage> | undefined;
  try {
    const res = await fetch(API_BASE + pathOf(api.ticketUpload), {
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
    if (action.navigate) window.location.assign(action.navigate);
  }
  throw new ApiError(
    action.toast ?? envelope?.message ?? '上传失败',
    outcome.kind === 'answer' ? outcome.status : 0,
    envelope?.code,
    outcome.kind,
  );
}
