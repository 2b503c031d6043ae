// Real-name information, uploaded images, real-name sessions and card replacement.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';

/** The card holder's personal information (/collect). Never logged; answered masked. */
export interface CardPersonalInfoTable {
  card_id: number;
  name: string;
  id_number: string;
  mobile: string;
  /** upload ids of the ID card photos, where the carrier asks for them */
  id_photo_front: string | null;
  id_photo_back: string | null;
  updated_at: string;
}

/** An uploaded image (ID card photos…), served back to its owner only. */
export interface UploadsTable {
  /** random, unguessable */
  id: string;
  /** the session's user; 0 for a card-number login, which owns by owner_custom_num */
  owner_user_id: number;
  owner_custom_num: string;
  mime: string;
  size: number;
  content: Buffer;
  created_at: string;
}

/** A carrier real-name session: an unguessable, expiring, single-use link. */
export interface RealNameTicketsTable {
  id: Generated<number>;
  ticket: string;
  card_id: number;
  mode: number;
  return_path: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** the carrier's reference for the attempt (OneLink busiSeq), '' none (025) */
  carrier_reference: Generated<string>;
}

export interface ChangeCardApplicationsTable {
  id: Generated<number>;
  card_id: number;
  status: 'submitted' | 'shipped' | 'done' | 'rejected';
  receiver_name: string;
  receiver_mobile: string;
  /** sealed, like the street address (006; "" before) */
  province: string;
  city: string;
  /** sealed; '' on applications filed before it was asked (039) */
  district: Generated<string>;
  address: string;
  reason: string;
  new_custom_num: string;
  created_at: string;
  /** shipped: the carrier and tracking number; rejected: why (019) */
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  reject_reason: Generated<string>;
  updated_at: Generated<string>;
}
