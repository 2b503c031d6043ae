import { useMutation } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import * as admin from '@portal/contract/routes/admin';

export type CardLookup = AdminAnswerOf<'adminCardLookup'>;

/** A pasted list of numbers (any identifier, up to 1,000): the cards found and the numbers not found. */
export const useLookupCards = () => useMutation({ mutationFn: (numbers: string) => call(admin.adminCardLookup, { numbers }) });
