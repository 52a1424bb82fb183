import { useContext } from 'react';
import { photoOf, PhotoBase } from './photo.js';

/**
 * A stored photo on the menu pages: the 480 px file as `src`, every stored size in `srcset` with
 * the layout's `sizes` (a photo from before the sizes existed is shown as it is), fixed width and
 * height (no layout shift), no alt text (the name beside it says what it is). Nothing when there
 * is no photo.
 */
export function ResponsivePhoto(props: {
  image: string | null | undefined;
  sizes: string;
  width: number;
  height: number;
  className?: string;
  /** Off-screen photos load when scrolled near (`lazy`); the first ones load at once. */
  lazy?: boolean;
  fetchPriority?: 'high';
  /** Decoding beside the page's rendering; the page's largest image (LCP) is decoded at once. */
  decodeAsync?: boolean;
  alt?: string;
}) {
  const photo = photoOf(props.image ?? null, useContext(PhotoBase));
  if (!photo) return null;
  return (
    <img
      className={props.className}
      src={photo.src}
      srcSet={photo.srcSet}
      sizes={photo.srcSet ? props.sizes : undefined}
      width={props.width}
      height={props.height}
      alt={props.alt ?? ''}
      loading={props.lazy ? 'lazy' : undefined}
      fetchPriority={props.fetchPriority}
      decoding={props.decodeAsync === false ? undefined : 'async'}
    />
  );
}
