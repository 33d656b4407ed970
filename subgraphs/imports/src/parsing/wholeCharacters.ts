/** Where `chunk` ends with the first bytes of a UTF-8 character whose other bytes are still to come. */
function incompleteTail(chunk: Buffer): number {
  for (let i = chunk.length - 1; i >= Math.max(0, chunk.length - 4); i--) {
    const byte = chunk[i]!;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return chunk.length - i < length ? i : chunk.length;
  }
  return chunk.length;
}

/**
 * The same bytes in chunks that each end on a UTF-8 character boundary: the start of a character
 * cut off at a chunk's end is moved to the next chunk. For a reader that decodes every chunk on
 * its own (exceljs's streaming reader does: exceljs/exceljs#2063), where a character split in two
 * would come out as two U+FFFD.
 */
export async function* wholeCharacters(source: AsyncIterable<Buffer> | Iterable<Buffer>): AsyncGenerator<Buffer> {
  let carried: Buffer | null = null;
  for await (const next of source) {
    const chunk: Buffer = carried ? Buffer.concat([carried, next]) : next;
    const cut = incompleteTail(chunk);
    carried = cut < chunk.length ? chunk.subarray(cut) : null;
    if (cut > 0) yield chunk.subarray(0, cut);
  }
  if (carried) yield carried;
}
