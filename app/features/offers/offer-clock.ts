import type { DiscountCode } from '../../../common/offers/discount-code';

/** The offers shown as banner and modal: the time bonus (spec 4) and the welcome discount (spec 2). */
export type OfferKind = 'time-bonus' | 'welcome';

export interface Offer {
  kind: OfferKind;
  code: string;
  percent: number;
  /** When it ends on this device's clock: the server's end moved by the offset between the two clocks. */
  deadline: number;
}

/**
 * The offer of a `?welcome=true` answer received at `receivedAt` (device clock), or null when
 * there is nothing to show. The end is measured against the server's clock (its `server_time`
 * at answering), so a device clock hours off neither extends nor hides the offer.
 */
export function offerFromAnswer(answer: DiscountCode, receivedAt: number): Offer | null {
  if (answer.kind !== 'time-bonus' && answer.kind !== 'welcome') return null;
  if (answer.expired || answer.status !== 'active' || answer.expires === null) return null;
  const expires = Date.parse(answer.expires);
  const serverNow = Date.parse(answer.server_time);
  if (!Number.isFinite(expires) || !Number.isFinite(serverNow)) return null;
  const deadline = expires - (serverNow - receivedAt);
  if (deadline <= receivedAt) return null;
  return { kind: answer.kind, code: answer.code, percent: answer.value_percentage, deadline };
}

/** Whole seconds left at `now` (rounded up: the last second shows 00:00:01, the end 00:00:00). */
export function secondsLeft(offer: Pick<Offer, 'deadline'>, now: number): number {
  return Math.max(0, Math.ceil((offer.deadline - now) / 1000));
}

interface CountdownFormat {
  digits: Intl.NumberFormat;
  separator: string;
}
const formats = new Map<string, CountdownFormat>();

/** The locale's digits (two at least) and its separator between hours and minutes (fi and da write 03.59.59). */
function countdownFormat(locale: string): CountdownFormat {
  let format = formats.get(locale);
  if (!format) {
    const parts = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).formatToParts(0);
    const after = parts[parts.findIndex((p) => p.type === 'hour') + 1];
    format = {
      digits: new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false }),
      separator: after?.type === 'literal' ? after.value : ':',
    };
    formats.set(locale, format);
  }
  return format;
}

/** hours:minutes:seconds, zero-padded, in total hours (the welcome offer runs past a day). */
export function formatCountdown(seconds: number, locale: string): string {
  const { digits, separator } = countdownFormat(locale);
  const s = Math.max(0, Math.floor(seconds));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => digits.format(n)).join(separator);
}


/** '4 hours', '1 Stunde', '48 godzin': the time-left value of the modal's 'act fast' text, with the locale's plural. */
export function formatHours(hours: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(hours);
}
