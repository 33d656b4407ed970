import type { Knex } from 'knex';

/** The pg connection knex hands out, as far as LISTEN needs it. */
interface ListeningConnection {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (msg: { payload?: string }) => void): void;
  on(event: 'error' | 'end', listener: () => void): void;
}

/**
 * LISTEN on one channel, on a connection of its own that is renewed when it drops (a database
 * restart). A cache that relies on the notifications serves nothing while `listening` is false;
 * losing the connection is reported like a notification, so such a cache is emptied at once.
 */
export class ChannelListener {
  private connection: ListeningConnection | null = null;
  private closed = false;

  constructor(
    private readonly knex: Knex,
    private readonly channel: string,
    private readonly onNotification: (payload: string | undefined) => void,
  ) {}

  get listening(): boolean {
    return this.connection !== null;
  }

  async start(): Promise<void> {
    if (this.closed) return;
    let connection: ListeningConnection | null = null;
    try {
      connection = (await this.knex.client.acquireRawConnection()) as ListeningConnection;
      const own = connection;
      own.on('notification', (msg) => this.onNotification(msg.payload));
      own.on('error', () => this.lost(own));
      own.on('end', () => this.lost(own));
      await own.query(`LISTEN ${this.channel}`);
      this.connection = own;
    } catch {
      if (connection) void this.knex.client.destroyRawConnection(connection).catch(() => undefined);
      this.retry();
    }
  }

  close(): void {
    this.closed = true;
    const connection = this.connection;
    this.connection = null;
    if (connection) void this.knex.client.destroyRawConnection(connection).catch(() => undefined);
  }

  private lost(connection: ListeningConnection): void {
    if (this.connection !== connection) return;
    this.connection = null;
    this.onNotification(undefined);
    void this.knex.client.destroyRawConnection(connection).catch(() => undefined);
    this.retry();
  }

  private retry(): void {
    if (!this.closed) setTimeout(() => void this.start(), 1000).unref();
  }
}
