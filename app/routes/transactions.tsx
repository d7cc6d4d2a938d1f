import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/transactions';
import { paymentsEndpoints } from '../../common/payments/payments-endpoints';
import { TransactionsScreen } from '../features/payments/transactions-screen';
import { TransactionDetailScreen } from '../features/payments/transaction-detail';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/** /transactions/{id?} (route transactions): the list, or one payment with its invoice. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.user) throw loginRedirect(url.pathname);
  const bundle = context.translations('payments');
  if (params.id) {
    const tx = await context.api(paymentsEndpoints.transaction, { query: { id: params.id } });
    if (!tx.ok) throw data(tx.message, { status: tx.status });
    return { bundle, detail: tx.body, list: null, paged: false };
  }
  const before = url.searchParams.get('before') ?? undefined;
  const list = await context.api(paymentsEndpoints.transactions, { query: { before } });
  if (!list.ok) throw data(list.message, { status: list.status });
  return { bundle, detail: null, list: list.body, paged: before !== undefined };
}

export const meta = noindexMeta;

export default function Transactions() {
  const { bundle, detail, list, paged } = useLoaderData<typeof loader>();
  if (detail) return <TransactionDetailScreen bundle={bundle} tx={detail} />;
  return <TransactionsScreen bundle={bundle} transactions={list?.transactions ?? []} more={list?.more ?? false} paged={paged} />;
}
