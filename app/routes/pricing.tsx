import { useLoaderData } from 'react-router';
import type { Route } from './+types/pricing';
import { PricingScreen } from '../features/payments/pricing-page';
import { loadPricing } from '../features/payments/payment-loaders';

/** /pricing (route pricing): public, linked from the footer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { body, chosen } = await loadPricing(context, request);
  return { bundle: context.translations('payments'), data: body, chosen };
}

export default function Pricing() {
  const { bundle, data, chosen } = useLoaderData<typeof loader>();
  return <PricingScreen bundle={bundle} data={data} chosen={chosen} />;
}
