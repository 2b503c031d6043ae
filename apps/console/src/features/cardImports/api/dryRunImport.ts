import { useMutation } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import type { PickedFile } from '../model/pickedFile';
import * as admin from '@portal/contract/routes/admin';

export type DryRun = AdminAnswerOf<'adminCardImportDryRun'>;

/** 试导入: every bad row with its reason; nothing written. */
export const useDryRun = (onSuccess: (r: DryRun) => void) =>
  useMutation({
    mutationFn: (p: PickedFile & { owner?: number; crossCarrier?: boolean }) =>
      call(admin.adminCardImportDryRun, {
        file_name: p.file_name,
        content_base64: p.content_base64,
        ...(p.owner ? { agent_id: p.owner } : {}),
        // rows onto another carrier's account, confirmed (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md)
        ...(p.crossCarrier ? { confirm_cross_carrier: true } : {}),
      }),
    onSuccess,
  });
