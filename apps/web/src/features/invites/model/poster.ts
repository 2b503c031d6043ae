// The invitation poster's layout, as data: what goes where on a 750 × 1200 canvas (a phone screen
// at 2x). Pure, so the layout is tested without a canvas; components/InvitePoster draws it.

export const POSTER = { width: 750, height: 1200 } as const;

export interface PosterFacts {
  appName: string;
  /** the holder's invite code */
  code: string;
  /** growth points a first order earns the inviter, 0 when the programme gives none */
  rewardGrowth: number;
}

export interface PosterText {
  text: string;
  x: number;
  y: number;
  size: number;
  weight: 400 | 600;
  color: string;
  align: 'left' | 'center';
}

/** The QR's square (the white card around it is drawn QR_MARGIN larger). */
export const QR_BOX = { x: 195, y: 560, size: 360 } as const;
export const QR_MARGIN = 30;

/**
 * Where a QR code of `modules` × `modules` goes in QR_BOX: each module a whole number of pixels,
 * centred. A fractional module (360 px for 33 modules: 10.9 px) is drawn with grey, anti-aliased
 * edges that a scanner's binarizer can misread: a journey's decoder failed on one such poster.
 */
export function qrPlacement(modules: number): { x: number; y: number; module: number } {
  const module = Math.max(1, Math.floor(QR_BOX.size / modules));
  const inset = Math.floor((QR_BOX.size - module * modules) / 2);
  return { x: QR_BOX.x + inset, y: QR_BOX.y + inset, module };
}

/** A brand name longer than the poster's line is cut with an ellipsis (the canvas does not wrap). */
export function fitName(name: string, max = 14): string {
  const chars = [...name.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

export function posterTexts(f: PosterFacts): PosterText[] {
  const white = '#ffffff';
  return [
    { text: fitName(f.appName), x: 140, y: 110, size: 36, weight: 600, color: white, align: 'left' },
    { text: '邀请好友，一起省流量费', x: 375, y: 270, size: 56, weight: 600, color: white, align: 'center' },
    {
      text: f.rewardGrowth > 0 ? `好友注册并首次购买套餐，您可获得 ${f.rewardGrowth} 成长值` : '好友扫码即可注册，成为您邀请的好友',
      x: 375,
      y: 350,
      size: 28,
      weight: 400,
      color: 'rgba(255,255,255,0.92)',
      align: 'center',
    },
    { text: '长按识别二维码，立即注册', x: 375, y: 1010, size: 30, weight: 400, color: '#1f2329', align: 'center' },
    { text: `邀请码  ${f.code}`, x: 375, y: 1070, size: 34, weight: 600, color: '#0b5fcc', align: 'center' },
  ];
}
