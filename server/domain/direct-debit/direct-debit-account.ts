import { maskIban } from '../../../common/direct-debit/direct-debit-rules';
import type { SavedAccount } from '../../../common/direct-debit/direct-debit-schemas';
import type { AccountRow } from './direct-debit-repository';

/** The saved account as the member sees it (the page, the data export): the IBAN only masked. */
export function presentAccount(account: AccountRow): SavedAccount {
  return {
    holder: account.holder,
    iban_masked: maskIban(`${account.ibanCountry}${account.ibanLast4}`),
    bic: account.bic,
    street: account.street,
    house_number: account.houseNumber,
    postal_code: account.postalCode,
    city: account.city,
    mobile: account.mobile,
    mandate_reference: account.mandateReference,
    mandate_signed_at: account.mandateSignedAt.toISOString(),
  };
}
