/** The delimiters spreadsheet tools and timing software write, in the order that wins a tie. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;

const SAMPLE_RECORDS = 50;

/**
 * Field counts per record for every candidate delimiter, over the first records of the sample.
 * Quoted parts are skipped (a quote toggles; `""` toggles twice), so delimiters and line breaks
 * inside quoted values do not count. When the sample is not the whole file its last record may
 * be cut, so it is left out.
 */
function fieldCounts(text: string, wholeFile: boolean): number[][] {
  const counts: number[][] = DELIMITERS.map(() => []);
  let current = DELIMITERS.map(() => 1);
  let inQuotes = false;
  let recordHasContent = false;
  let records = 0;
  const endRecord = () => {
    if (recordHasContent) {
      current.forEach((n, i) => counts[i]!.push(n));
      records++;
    }
    current = DELIMITERS.map(() => 1);
    recordHasContent = false;
  };
  for (let i = 0; i < text.length && records < SAMPLE_RECORDS; i++) {
    const ch = text[i]!;
    if (ch === '"') inQuotes = !inQuotes;
    if (inQuotes) {
      recordHasContent = true;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      endRecord();
      continue;
    }
    recordHasContent = true;
    const d = DELIMITERS.indexOf(ch as (typeof DELIMITERS)[number]);
    if (d >= 0) current[d]!++;
  }
  if (wholeFile) endRecord();
  return counts;
}

function mostCommon(values: number[]): { value: number; share: number } {
  const frequency = new Map<number, number>();
  for (const v of values) frequency.set(v, (frequency.get(v) ?? 0) + 1);
  let best = { value: 1, count: 0 };
  for (const [value, count] of frequency) if (count > best.count || (count === best.count && value > best.value)) best = { value, count };
  return { value: best.value, share: values.length ? best.count / values.length : 0 };
}

/**
 * The delimiter that splits the most records into the same number (> 1) of fields; on a tie the
 * one giving more fields, then the earlier in `DELIMITERS`. A one-column file reads as `,`.
 * German Excel writes `;` with decimal commas: the commas then give uneven counts and lose.
 */
export function sniffDelimiter(text: string, wholeFile: boolean): string {
  const counts = fieldCounts(text, wholeFile);
  let best: { delimiter: string; share: number; fields: number } | null = null;
  DELIMITERS.forEach((delimiter, i) => {
    const { value: fields, share } = mostCommon(counts[i]!);
    if (fields <= 1) return;
    if (!best || share > best.share || (share === best.share && fields > best.fields)) best = { delimiter, share, fields };
  });
  return (best as { delimiter: string } | null)?.delimiter ?? ',';
}
