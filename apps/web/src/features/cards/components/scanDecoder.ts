// Reads codes off the camera's video: the browser's own BarcodeDetector where it has one (Android
// Chrome), else ZXing, loaded only now (its own chunk: a scan is rare, the bind page stays light).

/** The texts of the codes visible in the video's current frame (none: []). */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string[]>;

/** Holders carry the card number or ICCID as a 1D barcode, or a QR code. */
const FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13', 'itf', 'codabar', 'data_matrix'];

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

export async function createFrameDecoder(): Promise<FrameDecoder> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    const formats = FORMATS.filter((f) => supported.includes(f));
    if (formats.length) {
      const detector = new Native({ formats });
      return async (video) => (await detector.detect(video)).map((b) => b.rawValue);
    }
  }
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatReader();
  return async (video) => {
    try {
      return [reader.decode(video).getText()];
    } catch {
      return []; // nothing readable in this frame
    }
  };
}
