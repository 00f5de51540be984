/**
 * The words staff, donors and the treasurer read for a gift's payment method and kind, and the printed receipt
 * number: one list, imported by the dashboard and by the functions (receipts, totals, month-end reports).
 */

/** What each payment method is called, by the ledger's key (`gifts.method`). */
export const METHOD_LABELS: Readonly<Record<string, string>> = {
  card: 'Card',
  mpesa: 'M-Pesa',
  bank: 'Bank transfer',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
  paypal: 'PayPal',
  ussd: 'USSD',
  qr: 'QR',
};

/** A payment method in words; a key the list does not know comes back as it is. */
export function methodName(method: string): string {
  return METHOD_LABELS[method] ?? method;
}

/** What each kind of gift is called (`gifts.kind`). */
export const KIND_LABELS: Readonly<Record<string, string>> = {
  donation: 'Donation',
  sponsorship: 'Sponsorship',
};

/** A kind of gift in words. */
export function kindName(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** The receipt number as every receipt prints it: `R-000042`. */
export function receiptLabel(number: number | string): string {
  return `R-${String(number).padStart(6, '0')}`;
}
