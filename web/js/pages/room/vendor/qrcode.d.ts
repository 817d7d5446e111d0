// The types of vendor/qrcode.js, which build.py vendors from the pinned
// qrcode-generator (sitebuild/rooms.py): only what qr.js uses.

export type QRCode = {
  addData(data: string, mode?: "Byte" | "Alphanumeric" | "Numeric"): void;
  make(): void;
  getModuleCount(): number;
  isDark(row: number, col: number): boolean;
};
export function qrcode(typeNumber: number, errorCorrectionLevel: "L" | "M" | "Q" | "H"): QRCode;
export default qrcode;
