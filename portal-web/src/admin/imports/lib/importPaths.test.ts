import { hostPath, matchImportRoute, summaryPath, uploadPath } from './importPaths';

const ID = '0b6e1c55-3f0f-4a5e-9d53-2d7a2f0c1e11';

describe('the import pages’ routes', () => {
  it('the common host is /imports/<uuid>, whatever the flow', () => {
    expect(matchImportRoute(hostPath(ID))).toEqual({ name: 'host', jobId: ID });
    expect(matchImportRoute(`/imports/${ID.toUpperCase()}/`)).toEqual({ name: 'host', jobId: ID });
  });

  it('each flow has its upload screen and its summary screen', () => {
    expect(matchImportRoute(uploadPath('result-sets'))).toMatchObject({ name: 'upload', flow: { importType: 'RESULT_SET' } });
    expect(matchImportRoute(`/imports/memberships/${ID}`)).toMatchObject({
      name: 'summary',
      jobId: ID,
      flow: { callerKey: 'memberships' },
    });
    expect(matchImportRoute('/imports')).toEqual({ name: 'index' });
  });

  it('anything else is not found', () => {
    for (const path of [
      '/imports/other',
      `/imports/other/${ID}`,
      '/imports/memberships/123',
      `/imports/${ID}/x`,
      '/imports/event-participants/a/b',
    ]) {
      expect(matchImportRoute(path)).toEqual({ name: 'notFound' });
    }
  });

  it('contract item 6: the host finds the summary by the caller key alone', () => {
    expect(summaryPath('event-participants', ID)).toBe(`/imports/event-participants/${ID}`);
    expect(summaryPath('a-flow-this-portal-does-not-know', ID)).toBeNull();
  });
});
