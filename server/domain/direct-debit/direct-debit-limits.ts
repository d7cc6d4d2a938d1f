import { DIRECT_DEBIT_DEFAULT_LIMITS } from '../../../common/direct-debit/direct-debit-rules';
import type { SiteSettingsRecord } from '../../../common/sites/site-settings';
import { ApiError } from '../../http/api-error';
import type { Db, Tx } from '../../db/database';
import { isBlocked, usageSince, type Debtor } from './direct-debit-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DirectDebitLimits {
  maxAmountMinor: number;
  maxPayments: number;
  periodDays: number;
}

/** The site's limits (spec 8), the defaults where a site sets none. */
export function limitsOf(settings: Partial<SiteSettingsRecord>): DirectDebitLimits {
  return {
    maxAmountMinor: settings.direct_debit_max_amount ?? DIRECT_DEBIT_DEFAULT_LIMITS.maxAmountMinor,
    maxPayments: settings.direct_debit_max_payments ?? DIRECT_DEBIT_DEFAULT_LIMITS.maxPayments,
    periodDays: settings.direct_debit_period_days ?? DIRECT_DEBIT_DEFAULT_LIMITS.periodDays,
  };
}

/**
 * Refuses a blocked debtor (the member, or an IBAN or number whose collection came back), and
 * a payment of `amountMinor` that would take the member, the IBAN or the mobile number past the
 * site's number or sum of direct debits in the period (spec 8's two messages): the limits hold
 * for an account and a phone across members, not only per account.
 */
export async function assertMayPay(db: Db | Tx, debtor: Debtor, amountMinor: number, limits: DirectDebitLimits, now = new Date()): Promise<void> {
  if (await isBlocked(db, debtor)) throw new ApiError(403, 'direct-debit:errors.blocked');
  const used = await usageSince(db, debtor, new Date(now.getTime() - limits.periodDays * DAY_MS));
  for (const usage of [used.member, used.iban, used.mobile]) {
    if (usage.count + 1 > limits.maxPayments || usage.amountMinor + amountMinor > limits.maxAmountMinor) {
      throw new ApiError(403, 'direct-debit:errors.limit');
    }
  }
}
