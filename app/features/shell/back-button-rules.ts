/**
 * The pages with a Back button in the installed app (spec 2: members-id, likes, credits and
 * payment pages), by route id (app/routes.ts): an installed app has no browser Back button.
 */
export const BACK_BUTTON_ROUTES: readonly string[] = [
  'members-id',
  'likes',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-repeat-order',
  'credits-id-paymentmethod',
  'directdebit',
];

export interface BackButtonInput {
  installedApp: boolean;
  /** The id of the deepest route of the page. */
  routeId: string | undefined;
  historyLength: number;
}

/** Spec 2: only in an installed app, on those pages, when there is somewhere to go back to. */
export function showsBackButton({ installedApp, routeId, historyLength }: BackButtonInput): boolean {
  return installedApp && routeId !== undefined && BACK_BUTTON_ROUTES.includes(routeId) && historyLength > 1;
}
