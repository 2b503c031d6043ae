// The QR code of a text as an SVG path (ZXing's encoder as ES modules, error correction M). Loaded
// on demand (devices' WifiQr, the invite and promotion pages' QrCode), as the single entry of its chunk.
import ErrorCorrectionLevel from '@zxing/library/esm/core/qrcode/decoder/ErrorCorrectionLevel';
import Encoder from '@zxing/library/esm/core/qrcode/encoder/Encoder';
import { qrPath } from './qrPath';

export function encodeQr(text: string): { size: number; d: string } {
  return qrPath(Encoder.encode(text, ErrorCorrectionLevel.M).getMatrix());
}
