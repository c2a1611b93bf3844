import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type NotificationHandlers = {
  /** One NOTIFY on the channel, after the transaction that sent it committed. */
  onMessage: (payload: string) => void;
  /**
   * Notifications may have been missed (the listening connection was lost) or cannot be heard
   * for now (`listening` false); called with true once listening again.
   */
  onListeningChange?: (listening: boolean) => void;
};

export type Subscription = {
  /**
   * Resolves once every notification committed before the call has reached onMessage, so a
   * server's own write is never followed by a read of what the write replaced.
   */
  sync: () => Promise<void>;
  close: () => Promise<void>;
};

/** PGlite is one process: its notifications arrive with the result of the statement that committed. */
export async function listenPglite(client: PGlite, channel: string, handlers: NotificationHandlers): Promise<Subscription> {
  const unlisten = await client.listen(channel, handlers.onMessage);
  handlers.onListeningChange?.(true);
  return { sync: async () => {}, close: unlisten };
}

const RETRY_MS = 1_000;

/**
 * PostgreSQL: one connection of its own that LISTENs (a pooled connection would be handed to
 * queries). When it drops, the subscriber hears `listening: false` and the connection is made again
 * every second until it succeeds.
 */
export async function listenPostgres(url: string, channel: string, handlers: NotificationHandlers): Promise<Subscription> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    handlers.onListeningChange?.(true);
  };

  const reconnect = () => {
    retry = setTimeout(() => {
      retry = undefined;
      if (!closed) connect().catch(reconnect);
    }, RETRY_MS);
    retry.unref();
  };

  const lost = (which: pg.Client) => {
    if (closed || client !== which) return;
    client = undefined;
    handlers.onListeningChange?.(false);
    which.end().catch(() => {});
    reconnect();
  };

  await connect();
  return {
    // Before answering a query, PostgreSQL hands its connection every notification already committed.
    sync: async () => {
      if (client) await client.query('select 1').catch(() => {});
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}
