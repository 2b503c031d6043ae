import { useMutation } from '@tanstack/react-query';
import type { AdminInputOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import * as admin from '@portal/contract/routes/admin';

/** 测试连接: the platform asked once with the stored or the form's fields; the answer says what to do. */
export const useTestConnection = () =>
  useMutation({ mutationFn: (body: AdminInputOf<'adminCarrierAccountTest'>) => call(admin.adminCarrierAccountTest, body) });
