import { PARTNER_PAGE_SIZE, partnerPageSize, syncAfterOf, syncCursor, syncPage, updatedSinceOf } from './pages';
import { requirePartner, requirePartnerScope } from './access';

const position = (syncXid: string, key: string) => ({ syncXid, key });

describe('partner pages (docs/partner-api.md, "Pagination and syncs")', () => {
  it('first: 100 unless given, at most 500; above the cap is refused, not cut', () => {
    expect(partnerPageSize(undefined)).toBe(PARTNER_PAGE_SIZE.default);
    expect(partnerPageSize(500)).toBe(500);
    expect(() => partnerPageSize(501)).toThrow(expect.objectContaining({ code: 'PAGE_SIZE_TOO_LARGE', status: 400 }));
    expect(() => partnerPageSize(-1)).toThrow(expect.objectContaining({ code: 'INVALID_PAGE_SIZE' }));
  });

  it('a cursor is read back only by its own list and only with a key of its type', () => {
    const cursor = syncCursor('member', position('18446744073709551615', '42'));
    expect(syncAfterOf('member', 'int', cursor)).toEqual({ cursor, position: position('18446744073709551615', '42') });
    expect(() => syncAfterOf('order', 'int', cursor)).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
    expect(() => syncAfterOf('member', 'uuid', cursor)).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
    expect(() => syncAfterOf('member', 'int', syncCursor('member', position('18446744073709551616', '1')))).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR' }),
    );
    expect(() => syncAfterOf('member', 'int', 'garbage')).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
    expect(syncAfterOf('member', 'int', null)).toBeNull();
  });

  it("a page with more rows ends at its last row's cursor; the last page ends at the watermark, or at the cursor asked with if that is further", () => {
    const rows = [1, 2, 3].map((id) => ({ node: id, position: position(String(100 + id), String(id)) }));
    const more = syncPage('member', 'int', rows, 2, '200', null);
    expect(more.edges.map((e) => e.node)).toEqual([1, 2]);
    expect(more.pageInfo).toMatchObject({
      hasNextPage: true,
      hasPreviousPage: false,
      endCursor: syncCursor('member', position('102', '2')),
    });

    const last = syncPage('member', 'int', rows, 3, '200', null);
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, endCursor: syncCursor('member', position('200', '0')) });

    const asked = { cursor: syncCursor('member', position('300', '5')), position: position('300', '5') };
    expect(syncPage('member', 'int', [], 3, '200', asked).pageInfo).toMatchObject({ hasPreviousPage: true, endCursor: asked.cursor });
  });

  it('updatedSince is an ISO 8601 instant with a zone, or a date', () => {
    expect(updatedSinceOf('2026-11-25T12:00:00Z')?.toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(updatedSinceOf('2026-11-25T13:00:00.5+01:00')?.toISOString()).toBe('2026-11-25T12:00:00.500Z');
    expect(updatedSinceOf('2026-11-25')?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    for (const bad of ['2026-11-25T12:00:00', 'yesterday', '2026-13-45']) {
      expect(() => updatedSinceOf(bad)).toThrow(expect.objectContaining({ code: 'INVALID_UPDATED_SINCE' }));
    }
  });
});

describe('who may use the partner API', () => {
  const partner = { keyId: 1, registrationSystemId: 1, organisationIds: [1], scopes: ['events:read' as const] };

  it('anonymous: 401 NOT_AUTHENTICATED; a member: 403 PARTNER_KEY_REQUIRED; a missing scope: 403 MISSING_SCOPE naming it', () => {
    expect(() => requirePartner({})).toThrow(expect.objectContaining({ code: 'NOT_AUTHENTICATED', status: 401 }));
    expect(() => requirePartner({ user: { userKey: 'u' } })).toThrow(
      expect.objectContaining({ code: 'PARTNER_KEY_REQUIRED', status: 403 }),
    );
    expect(requirePartnerScope({ partner }, 'events:read')).toBe(partner);
    expect(() => requirePartnerScope({ partner }, 'members:read')).toThrow(
      expect.objectContaining({ code: 'MISSING_SCOPE', status: 403, message: 'This partner key lacks the scope members:read' }),
    );
  });
});
