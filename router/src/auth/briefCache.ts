/**
 * Answers of the admin service the router keeps briefly, by key (the tenant of a host, a tenant's
 * member provider, its public identity): a change there shows within `ttlMs`. Bounded: past
 * `maxEntries` it starts over rather than grow with every host name a client sends.
 */
export class BriefCache<K, V> {
  private entries = new Map<K, { value: V; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /** The kept answer, or `load`'s (kept from now on); a failed load keeps nothing. */
  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at <= this.ttlMs) return hit.value;
    const value = await load();
    if (this.entries.size > this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, at: Date.now() });
    return value;
  }
}
