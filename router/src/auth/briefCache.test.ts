import { BriefCache } from './briefCache';

describe('BriefCache', () => {
  it('answers from memory within its time, asks again after it, and keeps nothing of a failed load', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const kept = new BriefCache<string, number>(60_000);
    expect(await kept.get('a', load)).toBe(1);
    expect(await kept.get('a', load)).toBe(1);
    expect(await kept.get('b', load)).toBe(2);

    const expired = new BriefCache<string, number>(-1);
    expect(await expired.get('a', load)).toBe(3);
    expect(await expired.get('a', load)).toBe(4);

    await expect(kept.get('c', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.get('c', load)).toBe(5);
  });
});
