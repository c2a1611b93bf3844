import type { EncodedImage } from '../../../lib/encoded-image';

/**
 * Resized images kept in memory, least recently used first out, within a byte budget. Safe with
 * several servers: an image never changes under its id, so a copy here can never be stale, only
 * missing. Concurrent requests for a variant not yet made share one resize.
 */
export class ImageVariantCache {
  private readonly entries = new Map<string, EncodedImage>();
  private readonly pending = new Map<string, Promise<EncodedImage>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The variant if it was made before, now marked most recently used. */
  peek(key: string): EncodedImage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Map keeps insertion order: moving the entry to the end marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** The variant from the cache, or made (once, however many ask at the same time) and kept. */
  async get(key: string, make: () => Promise<EncodedImage>): Promise<EncodedImage> {
    const hit = this.peek(key);
    if (hit) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const made = make()
      .then((image) => {
        this.store(key, image);
        return image;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, made);
    return made;
  }

  private store(key: string, image: EncodedImage) {
    if (image.data.length > this.maxBytes) return;
    this.entries.set(key, image);
    this.bytes += image.data.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.data.length;
    }
  }
}
