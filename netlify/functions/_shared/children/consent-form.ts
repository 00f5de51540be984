/**
 * The guardian consent form staff print from a child's record in /samu: the same plain words in Kiswahili
 * and English side by side, one row per point (what is shown, where, for how long, how to withdraw), then the boxes
 * to tick and the lines to sign. Its wording is the catalogues' `consentForm.` keys, versioned by
 * CONSENT_FORM_VERSION, which the consent recorded from it keeps.
 */
import siteContent from '../../../../src/content/site.json' with { type: 'json' };
import { translate, type MessageKey, type Vars } from '../../../../src/i18n/catalogue.ts';
import { CONSENT_FORM_VERSION, CONSENT_PARTS } from '../../../../src/lib/consent.ts';
import { letterhead, render } from '../gifts/receipt.ts';

const charity = siteContent[0]!;

/** What the form is printed for. */
export interface ConsentFormChild {
  readonly name: string;
  /** The paper form's reference, when staff have one already. */
  readonly formRef?: string;
}

const GAP = 18;

/** One row: Kiswahili on the left, English on the right, the next row below the taller of the two. */
function row(doc: PDFKit.PDFDocument, key: MessageKey, vars: Vars = {}, style: 'heading' | 'text' = 'text'): void {
  const left = doc.page.margins.left;
  const width = (doc.page.width - left - doc.page.margins.right - GAP) / 2;
  const font = style === 'heading' ? 'Helvetica-Bold' : 'Helvetica';
  const size = style === 'heading' ? 11.5 : 10;
  doc.font(font).fontSize(size);
  const sw = translate('sw', key, vars);
  const en = translate('en', key, vars);
  const height = Math.max(doc.heightOfString(sw, { width }), doc.heightOfString(en, { width }));
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  doc.text(sw, left, top, { width });
  doc.text(en, left + width + GAP, top, { width });
  doc.x = left;
  doc.y = top + height + (style === 'heading' ? 4 : 8);
}

/** A line to write on, labelled in both languages. */
function blank(doc: PDFKit.PDFDocument, key: MessageKey): void {
  row(doc, key);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc
    .moveTo(left, doc.y + 10)
    .lineTo(right, doc.y + 10)
    .stroke();
  doc.y += 20;
}

/** The form as a PDF, for the child `child`. */
export function consentFormPdf(child: ConsentFormChild): Promise<Buffer> {
  const contact = { phone: charity.contact.phone, email: charity.contact.email };
  const title = `${translate('sw', 'consentForm.title')} / ${translate('en', 'consentForm.title')}`;
  return render((doc) => {
    letterhead(doc, title);
    row(doc, 'consentForm.intro', { charity: charity.name });
    row(doc, 'consentForm.child', { name: child.name }, 'heading');
    row(doc, 'consentForm.whatHeading', {}, 'heading');
    for (const part of CONSENT_PARTS) {
      const before = doc.y;
      doc.rect(doc.page.margins.left - 14, before + 1, 9, 9).stroke();
      row(doc, `consentForm.${part}`);
    }
    row(doc, 'consentForm.never');
    row(doc, 'consentForm.whereHeading', {}, 'heading');
    row(doc, 'consentForm.where');
    row(doc, 'consentForm.howLongHeading', {}, 'heading');
    row(doc, 'consentForm.howLong');
    row(doc, 'consentForm.withdrawHeading', {}, 'heading');
    row(doc, 'consentForm.withdraw', contact);
    row(doc, 'consentForm.signHeading', {}, 'heading');
    for (const line of ['guardian', 'relation', 'signature', 'date', 'until', 'staff'] as const) {
      blank(doc, `consentForm.${line}`);
    }
    doc.font('Helvetica').fontSize(8);
    row(doc, 'consentForm.version', {
      version: `${CONSENT_FORM_VERSION}${child.formRef ? ` · ${child.formRef}` : ''}`,
    });
  }, title);
}
