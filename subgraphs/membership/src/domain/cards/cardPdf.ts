import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { MembershipCardRow } from '../../data/cards';
import { longDate } from '../dates';
import { pdfSafeText } from './pdfText';

/** ID-1, the size of a bank card (85.60 x 53.98 mm), in PDF points: the page prints at card size. */
const CARD = { width: 242.65, height: 153.01 };
const MARGIN = 12;
const QR_SIZE = 84;

export function cardFileName(card: Pick<MembershipCardRow, 'membershipNumber' | 'membershipId'>): string {
  const name = (card.membershipNumber ?? String(card.membershipId)).replace(/[^A-Za-z0-9._-]+/g, '-');
  return `membership-card-${name}.pdf`;
}

/**
 * The membership card as a one-page PDF: club, member, number, type, period, and a QR code of
 * `verifyUrl` that an operator's phone opens to check the card against the system. The QR code is
 * drawn as vector squares (sharp at any print size) from the qrcode library's module matrix.
 */
export async function renderMembershipCard(card: MembershipCardRow, verifyUrl: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [CARD.width, CARD.height],
    margin: 0,
    info: { Title: pdfSafeText(`${card.organisationName} membership card`), Author: pdfSafeText(card.organisationName) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const textWidth = CARD.width - 3 * MARGIN - QR_SIZE;
  doc.rect(0, 0, CARD.width, 30).fill('#14622b');
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(pdfSafeText(card.organisationName), MARGIN, 9, { width: CARD.width - 2 * MARGIN, lineBreak: false, ellipsis: true });
  doc.fillColor('#1a1a1a');
  // Each value on one line: a long number or name is set smaller rather than broken.
  const line = (label: string, value: string, font: string, size: number) => {
    doc.font('Helvetica').fontSize(6).fillColor('#555555').text(label.toUpperCase(), { width: textWidth });
    const text = pdfSafeText(value);
    doc.font(font).fontSize(size);
    while (size > 5 && doc.widthOfString(text) > textWidth) doc.fontSize((size -= 0.5));
    doc.fillColor('#1a1a1a').text(text, { width: textWidth, lineBreak: false, ellipsis: true });
    doc.moveDown(0.25);
  };
  doc.x = MARGIN;
  doc.y = 38;
  line('Member', `${card.firstName} ${card.lastName}`, 'Helvetica-Bold', 10);
  line('Membership number', card.membershipNumber ?? 'not yet assigned', 'Courier-Bold', 10);
  line('Membership', `${card.membershipType}, ${card.periodName}`, 'Helvetica', 7.5);
  line('Valid', `${longDate(card.startsOn)} to ${longDate(card.endsOn)}`, 'Helvetica', 7.5);

  const qr = QRCode.create(verifyUrl, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  // Four modules of quiet zone on every side, as the QR standard asks.
  const cell = QR_SIZE / (modules + 8);
  const left = CARD.width - MARGIN - QR_SIZE;
  const top = 36;
  doc.rect(left, top, QR_SIZE, QR_SIZE).fill('#ffffff');
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (qr.modules.get(row, col)) doc.rect(left + (col + 4) * cell, top + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .fillColor('#555555')
    .text('Scan to check this card', left, top + QR_SIZE + 1, { width: QR_SIZE, align: 'center', lineBreak: false });
  doc.end();
  return done;
}
