/**
 * A queue that runs one task at a time, in order. Tasks are tagged with an owner (the app's
 * database) so closing one app cancels its own work without touching another's.
 */
type Task = { owner: object; run: (signal: AbortSignal) => Promise<void> };

export class SerialQueue {
  private readonly waiting: Task[] = [];
  private current: { task: Task; controller: AbortController; done: Promise<void> } | undefined;
  private idleWaiters: (() => void)[] = [];

  enqueue(owner: object, run: Task['run']) {
    this.waiting.push({ owner, run });
    if (!this.current) this.startNext();
  }

  /** Resolves once nothing is running or waiting. */
  whenIdle(): Promise<void> {
    if (!this.current && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops the owner's waiting tasks and aborts its running one, resolving when that has stopped. */
  async stop(owner: object) {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (this.waiting[i]!.owner === owner) this.waiting.splice(i, 1);
    }
    const running = this.current;
    if (running?.task.owner === owner) {
      running.controller.abort();
      await running.done;
    }
  }

  private startNext() {
    const task = this.waiting.shift();
    if (!task) {
      this.current = undefined;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      waiters.forEach((resolve) => resolve());
      return;
    }
    const controller = new AbortController();
    // A task reports its own failures; the queue only has to keep going.
    const done = task.run(controller.signal).catch(() => undefined).then(() => this.startNext());
    this.current = { task, controller, done };
  }
}
