import { apiUpload } from '../../../lib/api-client';

/** POST /api/Shop.ShopFeedback/add: multipart `text` and optional `files`. */
export function addFeedback(text: string, file: File | undefined, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('text', text);
  if (file) form.append('files', file, file.name);
  return apiUpload<unknown>('/api/Shop.ShopFeedback/add', form, { onProgress });
}
