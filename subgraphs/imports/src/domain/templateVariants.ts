import { normaliseHeader } from './fields';

/**
 * F10: the template variant a file's header row is recognised by: the one whose remembered header
 * is the same, column by column, after `normaliseHeader`. The worker's columns stage and the
 * upload screen's preview both ask here, so the variant preselected on upload is the one the
 * columns stage would take.
 */
export function variantOfHeader<V extends { header: readonly string[] }>(variants: readonly V[], header: readonly string[]): V | null {
  const signature = header.map(normaliseHeader).join('\u0000');
  return variants.find((v) => v.header.map(normaliseHeader).join('\u0000') === signature) ?? null;
}
