import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `ms` while the app is up (from onReady to onClose). A failure is logged with
 * `failure` and the next turn tries again; the timer never keeps the process alive. Every server
 * runs its own: tasks given here must be safe to run on several servers at once (idempotent
 * deletes of what has ended).
 */
export function runEvery(app: FastifyInstance, ms: number, task: () => Promise<unknown>, failure: string) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      task().catch((err: unknown) => app.log.warn({ err }, failure));
    }, ms);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
