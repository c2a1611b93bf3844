/**
 * The widths GET /api/images/{id}?w= resizes to. A fixed few, shared by the route (which refuses
 * any other) and the client (which builds srcset from them): a client choosing any width it likes
 * could make the server resize the same picture thousands of ways and fill every cache with them.
 * They cover avatars (48-96 CSS px at 2x) and cards and detail images from a phone's 1x to 800 px,
 * the width listing images and screenshots are stored at.
 */
export const IMAGE_WIDTHS = [96, 192, 320, 480, 640, 800] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (value: number): value is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(value);

/** The address a stored image is served from (GET /api/images/{id}). */
export const imageUrl = (id: string) => `/api/images/${id}`;

/** Our own stored images; anything else (an outside URL in old data) is shown as it is. */
const storedImagePath = /^\/api\/images\/[\w-]{1,64}$/;

export const isStoredImage = (src: string) => storedImagePath.test(src);

/** The address of a stored image resized to `width`. */
export const imageAtWidth = (src: string, width: ImageWidth) => `${src}?w=${width}`;

/**
 * A srcset of a stored image at the allowed widths up to `largest` (the width it is stored at, so
 * no candidate claims more pixels than it has), or undefined for an image the route cannot resize.
 */
export function imageSrcSet(src: string, largest: number): string | undefined {
  if (!isStoredImage(src)) return undefined;
  const widths = IMAGE_WIDTHS.filter((width) => width <= largest);
  if (widths.length === 0) return undefined;
  return widths.map((width) => `${imageAtWidth(src, width)} ${width}w`).join(', ');
}
