/**
 * The guardian consent form: printed from a child's record, the same points in Kiswahili and English side
 * by side (what is shown, where, for how long, how to withdraw), with the wording version a recorded consent keeps.
 */
import { describe, expect, it } from 'vitest';
import { consentFormPdf } from '../../netlify/functions/_shared/children/consent-form.ts';
import { CONSENT_FORM_VERSION } from '../../src/lib/consent.ts';
import { pdfText } from '../support/pdf-text.ts';

describe('the guardian consent form', () => {
  it('says each point in Kiswahili and in English, names the child and the wording version', async () => {
    const text = pdfText(await consentFormPdf({ name: 'Amani Wekesa' }));
    // The title and the child.
    expect(text).toContain('Ridhaa ya mzazi au mlezi / Parent or guardian consent');
    expect(text).toContain('Mtoto: Amani Wekesa');
    expect(text).toContain('Child: Amani Wekesa');
    // What is shown, where, for how long and how to withdraw, in both languages.
    for (const words of [
      'Picha yake',
      'Their photograph',
      'Eneo analoishi, kamwe si anwani ya nyumbani',
      'The area they live in, never the home address',
      '2. Wapi',
      '2. Where',
      '3. Kwa muda gani',
      '3. For how long',
      'Unaweza kuondoa ridhaa hii wakati wowote',
      'You can withdraw this consent at any time',
      'Sheria ya Ulinzi wa Data ya Kenya',
      "Kenya's Data Protection Act, 2019",
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain(`Toleo la maneno ${CONSENT_FORM_VERSION}`);
    expect(text).toContain(`Wording version ${CONSENT_FORM_VERSION}`);
  });
});
