// Where a card replacement stands, in the holder's words: said once here for /replace_info and for
// home (card info's `replacement`), so the two never disagree. The console moves an application
// submitted → shipped (with the courier and tracking number) → done (the new card is in use), or
// rejects it with a reason.
import type { ReplacementProgress } from '@portal/contract';

export interface ApplicationFacts {
  status: ReplacementProgress['status'];
  carrier: string;
  tracking_no: string;
  reject_reason: string;
  new_custom_num: string;
}

const STEPS = ['已提交申请', '新卡已寄出', '已收到新卡'] as const;
const AT: Record<ReplacementProgress['status'], number> = { submitted: 0, shipped: 1, done: 2, rejected: 0 };

export function replacementProgress(a: ApplicationFacts): ReplacementProgress {
  const at = AT[a.status];
  const steps = STEPS.map((label, i) => ({
    label,
    state:
      a.status === 'rejected'
        ? i === 0
          ? ('failed' as const)
          : ('todo' as const)
        : i < at || a.status === 'done'
          ? ('done' as const)
          : i === at
            ? ('current' as const)
            : ('todo' as const),
  }));
  const shipment = [a.carrier, a.tracking_no].filter(Boolean).join(' ');
  const { title, detail } = {
    submitted: { title: '换卡申请审核中', detail: '审核通过后将寄出新卡，寄出后可在这里查看快递单号' },
    shipped: { title: '新卡已寄出', detail: shipment ? `${shipment}，请留意查收` : '请留意查收' },
    done: { title: '换卡已完成', detail: a.new_custom_num ? `新卡 ${a.new_custom_num} 已启用` : '新卡已启用' },
    rejected: { title: '换卡申请未通过', detail: a.reject_reason || '如有疑问请联系客服' },
  }[a.status];
  return {
    status: a.status,
    title,
    detail,
    steps,
    ongoing: a.status === 'submitted' || a.status === 'shipped',
    carrier: a.carrier,
    tracking_no: a.tracking_no,
  };
}

/** Card info's `replacement` (home): the latest application's progress while the new card is on its way, null otherwise. */
export function progressUnderWay(latest: ApplicationFacts | undefined): ReplacementProgress | null {
  const p = latest ? replacementProgress(latest) : null;
  return p?.ongoing ? p : null;
}
