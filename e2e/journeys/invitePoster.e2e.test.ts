// Journey: the invitation poster (邀请海报, /member_invite). Before it the page offered only the
// link to copy. Now 生成邀请海报 draws the agent's brand, the holder's code and a QR code of the
// invite link into one image to long-press (messaging-app browsers cannot download) or save; the QR
// code read back from the image opens the holder's own invite link. 375×667.
import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { QR_BOX, QR_MARGIN } from '../../apps/web/src/features/invites/model/poster';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, resetBrowser } from './steps';

describe('invitation poster', () => {
  const j = useJourney();

  it('draws the brand, the code and a QR code that opens the holder’s invite link, as an image to long-press', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto('/member_invite');
    const code = (await page.getByTestId('invite-code').innerText()).trim();
    const link = (await page.getByTestId('invite-link').innerText()).trim();
    await page.getByRole('button', { name: '生成邀请海报' }).click();
    const poster = page.getByTestId('invite-poster');
    await poster.waitFor();
    expect(await poster.getAttribute('alt')).toBe(`邀请海报：邀请码 ${code}`);
    expect(await poster.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.getByText('长按图片，可保存到相册或发送给好友').waitFor();
    expect(await page.getByRole('link', { name: '保存图片' }).getAttribute('download')).toBe(`邀请海报-${code}.png`);
    await screenshot(page, 'invite-poster');

    // read the picture back: its size, and the QR code in it (luminance, one byte a pixel)
    const drawn = await poster.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const rgba = g.getImageData(0, 0, c.width, c.height).data;
      let bin = '';
      for (let i = 0; i < rgba.length; i += 4)
        bin += String.fromCharCode((rgba[i]! * 299 + rgba[i + 1]! * 587 + rgba[i + 2]! * 114) / 1000);
      return { width: c.width, height: c.height, luminance: btoa(bin) };
    });
    expect([drawn.width, drawn.height]).toEqual([750, 1200]);
    const luminance = new Uint8ClampedArray(Buffer.from(drawn.luminance, 'base64'));
    // The QR code's white card, where the layout puts it, read as the pure code it is. ZXing's
    // search for finder patterns in a whole picture misses about one valid code in twenty at this
    // size (measured: 6 of 100 random invite links, each decoded at once from the card alone), so
    // reading the whole poster made this journey fail by chance; the card alone fails on nothing
    // but a wrong or misplaced code.
    const side = QR_BOX.size + 2 * QR_MARGIN;
    const card = new Uint8ClampedArray(side * side);
    for (let y = 0; y < side; y++) {
      const from = (QR_BOX.y - QR_MARGIN + y) * drawn.width + QR_BOX.x - QR_MARGIN;
      card.set(luminance.subarray(from, from + side), y * side);
    }
    const read = new QRCodeReader().decode(
      new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(card, side, side))),
      new Map([[DecodeHintType.PURE_BARCODE, true]]),
    );
    expect(read.getText()).toBe(link);
    expect(link).toContain(`invite=${code}`);

    await page.getByRole('button', { name: '关闭' }).click();
    await poster.waitFor({ state: 'detached' });
    expect(j.errors).toEqual([]);
  });
});
