import fp from 'fastify-plugin';
import type { TFunction } from 'i18next';
import { resolveVisitor, type Visitor } from '../domain/sites/visitor';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site, country and locale of this request, resolved on first use. */
    readonly visitor: Visitor;
    /** Translations in the visitor's language (falls back to en before a site is known). */
    visitorT(): TFunction;
  }
}

const VISITOR = Symbol('visitor');

export const visitorPlugin = fp(
  async (app) => {
    app.decorateRequest('visitor', {
      getter() {
        const self = this as unknown as { [VISITOR]?: Visitor };
        self[VISITOR] ??= resolveVisitor(this, { sites: app.sites, geoip: app.geoip });
        return self[VISITOR];
      },
    });
    app.decorateRequest('visitorT', function visitorT() {
      try {
        return app.translations.t(this.visitor.locale);
      } catch {
        return app.translations.t('en');
      }
    });
  },
  { name: 'visitor' },
);
