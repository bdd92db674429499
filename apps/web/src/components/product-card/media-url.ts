import { variant } from '../../lib/brand';

/** Absolute and data URLs as they are; site paths ('/media/...') on the variant's image host. */
export function mediaUrl(path: string): string {
  if (!path) return '';
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  const host = variant.imageHost.replace(/\/$/, '');
  return `${host}${path.startsWith('/') ? '' : '/'}${path}`;
}
