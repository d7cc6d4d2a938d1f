import type { PaymentMethod } from '../../../common/payments/payment-methods';

/**
 * A small badge per payment method, drawn inline: no request to a provider's site (privacy,
 * CSP) and no image files to keep. Brand colours with a short mark; the method's name stands
 * beside it in text, so the badge is decoration (aria-hidden).
 */
const MARKS: Record<PaymentMethod, { bg: string; fg: string; text: string }> = {
  creditcard: { bg: '#1f2a44', fg: '#ffd54f', text: 'CARD' },
  visa: { bg: '#1a1f71', fg: '#ffffff', text: 'VISA' },
  mastercard: { bg: '#231f20', fg: '#ffffff', text: 'MC' },
  maestro: { bg: '#0b4ea2', fg: '#ffffff', text: 'Maestro' },
  applepay: { bg: '#000000', fg: '#ffffff', text: 'Pay' },
  paypal: { bg: '#003087', fg: '#ffffff', text: 'PayPal' },
  ideal: { bg: '#cc0066', fg: '#ffffff', text: 'iDEAL' },
  bancontact: { bg: '#005498', fg: '#ffd800', text: 'BC' },
  sofort: { bg: '#ef809f', fg: '#ffffff', text: 'SOFORT' },
  giropay: { bg: '#000268', fg: '#ffffff', text: 'giro' },
  eps: { bg: '#c8036f', fg: '#ffffff', text: 'eps' },
  przelewy24: { bg: '#d13239', fg: '#ffffff', text: 'P24' },
  blik: { bg: '#000000', fg: '#ffffff', text: 'BLIK' },
  dankort: { bg: '#e30613', fg: '#ffffff', text: 'DK' },
  mobilepay: { bg: '#5a78ff', fg: '#ffffff', text: 'MobilePay' },
  swish: { bg: '#ffffff', fg: '#1f8b4c', text: 'swish' },
  vipps: { bg: '#ff5b24', fg: '#ffffff', text: 'vipps' },
  twint: { bg: '#000000', fg: '#ffffff', text: 'TWINT' },
  satispay: { bg: '#ef373e', fg: '#ffffff', text: 'satispay' },
  cartebancaire: { bg: '#1e6ab0', fg: '#ffffff', text: 'CB' },
  nexi: { bg: '#2d32aa', fg: '#ffffff', text: 'nexi' },
  paysafecard: { bg: '#008ac9', fg: '#ffffff', text: 'psc' },
  banktransfer: { bg: '#495057', fg: '#ffffff', text: 'BANK' },
  directdebit: { bg: '#10298e', fg: '#ffcc00', text: 'SEPA' },
};

export function MethodLogo({ method }: { method: PaymentMethod }) {
  const mark = MARKS[method];
  // Long marks get a smaller font so that every badge keeps the same size.
  const size = mark.text.length > 6 ? 8.5 : mark.text.length > 4 ? 10 : 12;
  return (
    <svg width="56" height="36" viewBox="0 0 56 36" aria-hidden="true" focusable="false" className="flex-shrink-0" data-testid={`logo-${method}`}>
      <rect x="0.5" y="0.5" width="55" height="35" rx="5" fill={mark.bg} stroke="#ced4da" />
      {method === 'mastercard' || method === 'maestro' ? (
        <>
          <circle cx="22" cy="18" r="10" fill={method === 'mastercard' ? '#eb001b' : '#0099df'} />
          <circle cx="34" cy="18" r="10" fill={method === 'mastercard' ? '#f79e1b' : '#e0001b'} fillOpacity="0.9" />
        </>
      ) : (
        <text x="28" y="18" dominantBaseline="central" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize={size} fill={mark.fg}>
          {mark.text}
        </text>
      )}
    </svg>
  );
}
