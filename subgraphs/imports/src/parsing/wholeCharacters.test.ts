import { wholeCharacters } from './wholeCharacters';

describe('wholeCharacters: chunks a per-chunk decoder reads right', () => {
  const text = 'aü€𝄞b'.repeat(3);
  const bytes = Buffer.from(text);

  it('moves a character cut between two chunks, at any of its bytes, to the next chunk', async () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (let cut = 1; cut < bytes.length; cut++) {
      const decoded: string[] = [];
      for await (const chunk of wholeCharacters([bytes.subarray(0, cut), bytes.subarray(cut)])) decoded.push(strict.decode(chunk));
      expect([cut, decoded.join('')]).toEqual([cut, text]);
    }
  });

  it('passes bytes that are no UTF-8 on unchanged', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of wholeCharacters([Buffer.from([0x61, 0xe2]), Buffer.from([0xff]), Buffer.from([0xf0])])) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(Buffer.from([0x61, 0xe2, 0xff, 0xf0]));
  });
});
