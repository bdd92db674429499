import { isValidVin, NO_VIN_IN_IMAGE_TEXT } from '@shop/core/vin';
import { request } from '../../../lib/api-client';

export const NO_VIN_TEXT = NO_VIN_IN_IMAGE_TEXT;
export const FILE_READ_ERROR_TEXT = '读取文件出错';
export const FILE_READ_ABORTED_TEXT = '读取文件已中止';

/** Photos are scaled down before upload so the JSON body stays small. */
const MAX_SIDE = 1600;
const SCALE_ABOVE_BYTES = 600 * 1024;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(FILE_READ_ERROR_TEXT));
    reader.onabort = () => reject(new Error(FILE_READ_ABORTED_TEXT));
    reader.readAsDataURL(file);
  });
}

async function scaledDown(file: File): Promise<string | undefined> {
  if (file.size <= SCALE_ABOVE_BYTES || typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.88);
  } catch {
    return undefined;
  }
}

/** Any image type, read as base64 (a data URL). */
export async function readImageAsBase64(file: File): Promise<string> {
  return (await scaledDown(file)) ?? readAsDataUrl(file);
}

/**
 * POST /api/Vin/ocr {filebase64} → data.vin. Body status 404 means nothing was recognised; so
 * does a recognised text that is not a valid VIN. Throws Error(NO_VIN_TEXT) then.
 */
export async function recogniseVin(filebase64: string): Promise<string> {
  const envelope = await request<{ vin?: string } | null>('POST', '/api/Vin/ocr', { body: { filebase64 } });
  const vin = envelope.data?.vin?.trim().toUpperCase() ?? '';
  if (envelope.status === 200 && isValidVin(vin)) return vin;
  throw new Error(envelope.status === 200 || envelope.status === 404 ? NO_VIN_TEXT : envelope.msg || NO_VIN_TEXT);
}
