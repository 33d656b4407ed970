import type { Request } from 'express';
import { NotFoundError, UpstreamError } from '@ems/schema';
import type { AdminServiceClient } from '../auth/adminClient';
import { BriefCache } from '../auth/briefCache';

const CACHE_MS = 60_000;

/**
 * Step (1) of the gateway's sign-in: the tenant (registrationSystemId) from the request's host
 * name, asked of the admin service and cached for a minute; a configured default serves
 * single-tenant installs. An unknown host is a clear 404, never a silent fallback to another tenant.
 */
export class TenantResolver {
  private cache = new BriefCache<string, number | null>(CACHE_MS);

  constructor(
    private readonly admin: AdminServiceClient,
    private readonly fallback: number | undefined,
  ) {}

  async resolve(req: Request): Promise<number> {
    const host = req.hostname.toLowerCase();
    const id = (await this.cache.get(host, () => this.lookup(host))) ?? this.fallback;
    if (id === undefined) {
      throw new NotFoundError(`No registration system is configured for host '${host}'`, { code: 'UNKNOWN_TENANT' });
    }
    return id;
  }

  private async lookup(host: string): Promise<number | null> {
    const result = await this.admin.tenantForHost(host);
    if (result.ok) return result.value.registrationSystemId;
    // 400: the admin service refused the host name itself (longer than a DNS name may be, say):
    // no tenant has it, which is the caller's 404, not an outage.
    if (result.status === 404 || result.status === 400) return null;
    throw new UpstreamError('Admin service unavailable', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
  }
}
