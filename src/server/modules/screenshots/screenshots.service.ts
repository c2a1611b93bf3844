import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import type { Config } from '../../config';
import type { EncodedImage } from '../../../lib/encoded-image';
import { toWebp } from '../../lib/image-files';
import { capturePage } from './page-capture';
import { placeholderImage, SCREENSHOT_SIZE } from '../../../lib/placeholder-image';
import { attachScreenshot, claimScreenshot, findMissingScreenshots, releaseScreenshot } from './screenshots.queries';
import { SerialQueue } from './serial-queue';

export type ScreenshotJob = { listingId: number; url: string; title: string; ownerId: string | null };
export type ScreenshotDeps = { db: Database; config: Config; log: FastifyBaseLogger };

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
/** One limit for the whole job: DNS, starting Chromium, loading the page and taking the picture. */
export const SCREENSHOT_TIMEOUT_MS = 15_000;

// One Chromium at a time for the whole process: screenshots are slow and the machine is small,
// and nobody waits for them (the listing is saved before the job even starts).
const queue = new SerialQueue();

/** Queues a screenshot of a tool's website; returns at once. */
export function requestScreenshot(deps: ScreenshotDeps, job: ScreenshotJob) {
  queue.enqueue(deps.db, (signal) => takeScreenshot(deps, job, signal));
}

/**
 * Queues the screenshots still missing: those a restart interrupted (the queue lives in memory) or
 * whose server stopped mid-job. Another server may be on one already; its claim makes ours a no-op.
 */
export async function resumeScreenshots(deps: ScreenshotDeps) {
  for (const job of await findMissingScreenshots(deps.db, 100)) requestScreenshot(deps, job);
}

/** How often each server looks for screenshots nobody has taken (a claim runs out after 2 minutes). */
const RESUME_EVERY_MS = 10 * 60_000;

/** At start-up and every RESUME_EVERY_MS after: resumeScreenshots. Stops with the app. */
export function scheduleScreenshotResume(app: FastifyInstance, deps: ScreenshotDeps) {
  let timer: NodeJS.Timeout | undefined;
  const resume = () => resumeScreenshots(deps).catch((err: unknown) => deps.log.warn({ err }, 'could not look for missing screenshots'));
  app.addHook('onReady', async () => {
    await resume();
    timer = setInterval(() => void resume(), RESUME_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Resolves when every queued screenshot is done (tests wait on it). */
export const whenScreenshotsIdle = () => queue.whenIdle();

/** Cancels this app's screenshots (the app's onClose hook), so shutdown never waits on a browser. */
export const stopScreenshots = (db: Database) => queue.stop(db);

/**
 * One job: the screenshot, or the placeholder when it cannot be taken in time, stored where the
 * address still is. `signal` is the queue's cancellation (app closing): then nothing is stored.
 */
export async function takeScreenshot(deps: ScreenshotDeps, job: ScreenshotJob, signal: AbortSignal, timeoutMs = SCREENSHOT_TIMEOUT_MS) {
  // Another server has it, or it is no longer wanted (done meanwhile, or the address changed).
  if (!(await claimScreenshot(deps.db, job))) return;
  try {
    await captureAndAttach(deps, job, signal, timeoutMs);
  } finally {
    await releaseScreenshot(deps.db, job).catch((err: unknown) => deps.log.warn({ err, listingId: job.listingId }, 'could not release a screenshot claim; it runs out by itself'));
  }
}

async function captureAndAttach(deps: ScreenshotDeps, job: ScreenshotJob, signal: AbortSignal, timeoutMs: number) {
  let image: EncodedImage;
  try {
    const deadline = Date.now() + timeoutMs;
    const png = await capturePage(job.url, {
      chromiumPath: deps.config.chromiumPath ?? DEFAULT_CHROMIUM_PATH,
      allowedHosts: deps.config.screenshotAllowedHosts,
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      deadline,
    });
    image = await toWebp(png, { ...SCREENSHOT_SIZE, fit: 'cover' });
  } catch (err) {
    if (signal.aborted) return;
    deps.log.warn({ listingId: job.listingId, url: job.url, reason: String(err) }, 'screenshot not taken; the tool gets a placeholder image');
    image = await placeholderImage(job.title, domainOf(job.url));
  }
  if (signal.aborted) return;
  try {
    await attachScreenshot(deps.db, job, image);
  } catch (err) {
    deps.log.error({ err, listingId: job.listingId }, 'could not store the screenshot');
  }
}

function domainOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}
