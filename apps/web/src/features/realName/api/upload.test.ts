// The ID-photo upload with a stubbed fetch: the multipart field and the token, a refused file's
// message for the photo slot (the session untouched), and a lost session ended as anywhere else.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { local } from '../../../lib/storage';
import { uploadImage } from './upload';

let sent: { url: string; init: RequestInit }[];
let assign: ReturnType<typeof vi.fn<(to: string) => void>>;

function respond(status: number, body: unknown) {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  });
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'front.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  sent = [];
  assign = vi.fn<(to: string) => void>();
  vi.stubGlobal('location', { pathname: '/collect', search: '' });
  vi.stubGlobal('window', { location: { origin: 'http://h5.test', pathname: '/collect', search: '', assign } });
  local.clearAllExcept();
  local.set('token', 'tok-1');
  local.set('customNum', '1000000014');
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadImage', () => {
  it('posts the file under the field "file" with the Bearer token, and answers the upload', async () => {
    respond(200, { code: 0, message: 'ok', data: { id: 'abcdefgh12', url: '/api/v1/upload/abcdefgh12' } });
    await expect(uploadImage(photo())).resolves.toEqual({ id: 'abcdefgh12', url: '/api/v1/upload/abcdefgh12' });
    expect(sent[0]!.url).toBe('/api/v1/upload');
    expect((sent[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect((sent[0]!.init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('a refused file: the server’s Chinese message for the slot, the session untouched', async () => {
    respond(400, { code: 10409, message: '只能上传 JPG、PNG、WEBP 或 GIF 格式的图片', data: null });
    const err = await uploadImage(photo()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: '只能上传 JPG、PNG、WEBP 或 GIF 格式的图片', status: 400, code: 10409 });
    expect(local.get('token')).toBe('tok-1');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a lost session (401): token and card cleared, off to the login that comes back here', async () => {
    respond(401, { code: 401, message: '登录已失效，请重新登录', data: null });
    await expect(uploadImage(photo())).rejects.toBeInstanceOf(ApiError);
    expect(local.get('token')).toBeUndefined();
    expect(local.get('customNum')).toBeUndefined();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign.mock.calls[0]![0]).toMatch(/^\/login\?.*redirect=%2Fcollect/);
  });
});
