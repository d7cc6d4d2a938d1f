/**
 * Who a site lists changed: a member hid (invisible mode), deleted the account or came
 * back. The caches of listings (home-page teaser, "other profiles", visitors' cached pages)
 * subscribe and drop what they hold for that site, so a member who hides is gone from every
 * listing at once rather than when a cache expires. In-process: with several processes
 * (REDIS_URL) each keeps its own short-lived caches.
 */
export class ListingChanges {
  private readonly listeners: ((siteId: number) => void)[] = [];

  onChange(listener: (siteId: number) => void): void {
    this.listeners.push(listener);
  }

  changed(siteId: number): void {
    for (const listener of this.listeners) listener(siteId);
  }
}
