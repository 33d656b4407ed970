import { ScrollRegion } from '../../ui/ScrollRegion';
import type { FilePreview } from '../lib/importRest';
import { importTexts } from '../texts';

const texts = importTexts.upload;

/** The header and first rows exactly as the import will read them. */
export function FilePreviewTable({ preview }: { preview: FilePreview }) {
  return (
    <div data-testid="file-preview" data-encoding={preview.encoding ?? ''} data-delimiter={preview.delimiter ?? ''}>
      <ScrollRegion label={texts.previewTitle} className="preview">
        <table className="data-table">
          <caption>{texts.previewCaption(preview.rows.length, preview.kind)}</caption>
          <thead>
            <tr>
              <th scope="col" className="amount">
                {texts.rowNo}
              </th>
              {preview.header.map((h, i) => (
                <th scope="col" key={i}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.rowNo}>
                <td className="amount">{row.rowNo}</td>
                {row.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
