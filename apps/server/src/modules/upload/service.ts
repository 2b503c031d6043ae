import { randomBytes } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import type { UploadAnswer } from '@portal/contract';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { personalData } from '../../lib/personalData';
import { hit } from '../../lib/throttle';
import type { Auth } from '../auth';
import * as repo from './repo';
import { imageTypeOf, isOwner, MAX_UPLOAD_BYTES, ownerOf } from './rules';

/** Images are stored in the database: a cap per owner keeps one account from filling it. */
const UPLOADS_PER_HOUR = { limit: 60, windowMs: 3600_000 };

const uploadUrl = (id: string) => `/api/v1/upload/${id}`;

export async function saveUpload(ctx: AppContext, auth: Auth, content: Buffer): Promise<UploadAnswer> {
  if (content.length === 0) throw new AppError(Code.UPLOAD_MISSING);
  if (content.length > MAX_UPLOAD_BYTES) throw new AppError(Code.UPLOAD_TOO_LARGE);
  const mime = imageTypeOf(content);
  if (!mime) throw new AppError(Code.UPLOAD_NOT_IMAGE);
  const owner = ownerOf(auth);
  // counted only once the file is known good: a refused file writes nothing
  const quota = await hit(ctx.db.kysely, `upload:${owner.userId}:${owner.customNum}`, UPLOADS_PER_HOUR);
  if (!quota.allowed) throw new AppError(Code.RATE_LIMITED, '上传过于频繁，请稍后再试');
  const id = randomBytes(18).toString('base64url');
  // uploads are ID-card photos: sealed at rest like the rest of the holder's data
  await repo.insertUpload(ctx.db.kysely, {
    id,
    owner,
    mime,
    content: personalData(ctx.config).sealBytes(content),
    size: content.length,
    created_at: clock.iso(),
  });
  return { id, url: uploadUrl(id) };
}

/** The image, to its owner only. */
export async function readUpload(ctx: AppContext, auth: Auth, id: string): Promise<{ mime: string; content: Buffer }> {
  const row = await repo.uploadOf(ctx.db.kysely, id);
  if (!row) throw new AppError(Code.NOT_FOUND, '图片不存在');
  if (!isOwner(row, auth)) throw new AppError(Code.FORBIDDEN);
  return { mime: row.mime, content: personalData(ctx.config).openBytes(Buffer.from(row.content)) };
}

/** For forms that name uploads (ID photos): the id must be an upload of this caller's. */
export async function assertOwnUpload(ctx: AppContext, auth: Auth, id: string): Promise<void> {
  const row = await repo.uploadOwnerOf(ctx.db.kysely, id);
  if (!row || !isOwner(row, auth)) throw new AppError(Code.UPLOAD_NOT_FOUND);
}
