import { createContext } from 'react';

/** Photos of the menu pages: the stored WebP and its variants. */

const STORED_IMAGE = /^uploads\/[0-9a-f]{32}\.webp$/;

interface Photo {
  src: string;
  srcSet?: string;
  /** The large file (960 px) a tap on a product photo opens. */
  large: string;
}

/**
 * Where the pages point for photos: '' (the app's own `/uploads/…`) or STORAGE_PUBLIC_URL (a CDN
 * or the bucket's public address), without a trailing slash. The menu's answers take it from their
 * context (`MenuContext.photoBase`); a page's render provides it to its photos (`PhotoBase`).
 */
export const photoBaseOf = (storagePublicUrl: string | undefined): string => (storagePublicUrl ?? '').replace(/\/+$/, '');

/** The photo base of the page being rendered (`html(node, photoBase)` provides it). */
export const PhotoBase = createContext('');

/**
 * `/uploads/x.webp` (or `<STORAGE_PUBLIC_URL>/uploads/x.webp`) with its `-xs` (≤240 px), `-sm` (≤480 px) and
 * `-md` (≤960 px) siblings for srcset: a 40 px logo or a 96 px thumbnail takes the 240 px file, whose
 * decoding is a quarter of the 480 px one's (the menu's Total Blocking Time).
 */
export function photoOf(image: string | null, base: string): Photo | undefined {
  if (!image) return undefined;
  if (!STORED_IMAGE.test(image)) return /^uploads\/[\w.-]+$/.test(image) ? { src: `${base}/${image}`, large: `${base}/${image}` } : undefined;
  const stem = `${base}/${image.slice(0, -'.webp'.length)}`;
  return { src: `${stem}-sm.webp`, srcSet: `${stem}-xs.webp 240w, ${stem}-sm.webp 480w, ${stem}-md.webp 960w, ${stem}.webp 1920w`, large: `${stem}-md.webp` };
}

/** Whether `image` is a photo the pages show (wherever they point for it). */
export const hasPhoto = (image: string | null): boolean => photoOf(image, '') !== undefined;

/** The absolute address of a stored file, for link previews: under the photo base (STORAGE_PUBLIC_URL) when set, else under the site's own address. */
export const absolutePhoto = (image: string, siteUrl: string, base = ''): string => `${base || siteUrl.replace(/\/+$/, '')}/${image}`;
