import type { Locale } from '../../common/reference/countries';

export type Bundles = Record<string, Record<string, unknown>>;
export type TOptions = Record<string, unknown> & { returnObjects?: boolean; count?: number };
export type TFunction = (key: string, options?: TOptions) => string;

export interface Translator {
  readonly language: Locale;
  t: TFunction;
  addBundle(ns: string, bundle: Record<string, unknown>): void;
}

const DEFAULT_NS = 'common';
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * The browser's translation function: the subset of i18next the app uses (namespaces as
 * "ns:key", nested keys, {{interpolation}}, plurals by `count` with i18next's _one/_other
 * suffixes, returnObjects), over the same JSON files. It is ~1 KB where i18next and
 * react-i18next are ~18 KB gzip of a 120 KB budget (docs/decisions/0005). The server keeps
 * i18next; translator.test.ts proves both give the same text for every key of every locale.
 */
export function createTranslator(language: Locale, bundles: Bundles): Translator {
  const store: Bundles = { ...bundles };
  const plurals = new Intl.PluralRules(language);

  function lookup(ns: string, path: string): unknown {
    let node: unknown = store[ns];
    for (const part of path.split('.')) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return node;
  }

  function interpolate(value: unknown, vars: TOptions): unknown {
    if (typeof value === 'string') {
      return value.replace(PLACEHOLDER, (whole, name: string) => {
        const v = vars[name];
        return v === undefined || v === null ? whole : String(v);
      });
    }
    if (Array.isArray(value)) return value.map((v) => interpolate(v, vars));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)]));
    }
    return value;
  }

  const t: TFunction = (key, options = {}) => {
    const colon = key.indexOf(':');
    const ns = colon > 0 ? key.slice(0, colon) : DEFAULT_NS;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    let value: unknown;
    if (typeof options.count === 'number') {
      if (options.count === 0) value = lookup(ns, `${path}_zero`);
      value ??= lookup(ns, `${path}_${plurals.select(options.count)}`);
    }
    value ??= lookup(ns, path);
    if (typeof value === 'string') return interpolate(value, options) as string;
    if (value !== undefined && options.returnObjects) return interpolate(value, options) as string;
    return path;
  };

  return {
    language,
    t,
    // Merged key by key: routes may deliver a namespace in parts (one legal page at a time).
    addBundle: (ns, bundle) => {
      store[ns] = { ...store[ns], ...bundle };
    },
  };
}

