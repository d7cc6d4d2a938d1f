/**
 * "Did you mean ...?" for mistyped e-mail domains (spec section 5), in the manner of
 * Mailcheck: the domain is compared with the mail providers members of these countries
 * use; a close but different one is suggested.
 */
const DOMAINS = [
  'gmail.com', 'googlemail.com', 'hotmail.com', 'outlook.com', 'live.com', 'msn.com', 'yahoo.com', 'icloud.com', 'me.com', 'mac.com',
  'aol.com', 'gmx.com', 'gmx.net', 'gmx.de', 'gmx.at', 'gmx.ch', 'web.de', 't-online.de', 'freenet.de', 'posteo.de', 'mail.de',
  'hotmail.de', 'yahoo.de', 'outlook.de', 'bluewin.ch', 'hotmail.nl', 'live.nl', 'outlook.nl', 'ziggo.nl', 'kpnmail.nl', 'planet.nl',
  'home.nl', 'xs4all.nl', 'telenet.be', 'skynet.be', 'hotmail.be', 'orange.fr', 'free.fr', 'sfr.fr', 'laposte.net', 'wanadoo.fr',
  'hotmail.fr', 'yahoo.fr', 'libero.it', 'virgilio.it', 'alice.it', 'tiscali.it', 'hotmail.it', 'yahoo.it', 'wp.pl', 'onet.pl',
  'o2.pl', 'interia.pl', 'gazeta.pl', 'op.pl', 'hotmail.es', 'yahoo.es', 'telefonica.net', 'hotmail.co.uk', 'yahoo.co.uk',
  'btinternet.com', 'sky.com', 'protonmail.com', 'proton.me', 'hotmail.se', 'telia.com', 'live.se', 'spray.se', 'online.no',
  'hotmail.no', 'live.no', 'hotmail.dk', 'live.dk', 'jubii.dk', 'mail.dk', 'suomi24.fi', 'luukku.com', 'hotmail.fi', 'kolumbus.fi',
];
const TOP_LEVEL = ['com', 'net', 'org', 'de', 'nl', 'be', 'fr', 'it', 'es', 'pl', 'se', 'no', 'dk', 'fi', 'at', 'ch', 'co.uk', 'uk', 'eu', 'me'];

/** Optimal string alignment distance (Levenshtein with transpositions). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) d[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

function closest(value: string, candidates: readonly string[], maxDistance: number): string | null {
  let best: string | null = null;
  let bestDistance = maxDistance + 1;
  for (const candidate of candidates) {
    if (candidate === value) return null;
    const distance = editDistance(value, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The corrected address when the domain looks mistyped ("anna@gmial.con" -> "anna@gmail.com"), else null. */
export function suggestEmail(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return null;
  const local = email.trim().slice(0, at);
  const domain = email.trim().slice(at + 1).toLowerCase();
  if (!domain || DOMAINS.includes(domain)) return null;
  const byDomain = closest(domain, DOMAINS, domain.length > 8 ? 2 : 1);
  if (byDomain) return `${local}@${byDomain}`;
  // An unknown provider with a mistyped ending: "example.cmo" -> "example.com".
  const dot = domain.indexOf('.');
  if (dot < 0) {
    // No ending at all: "anna@gmial" -> the provider it is closest to.
    const names = DOMAINS.map((d) => d.slice(0, d.indexOf('.')));
    const name = closest(domain, names, domain.length > 4 ? 2 : 1) ?? (names.includes(domain) ? domain : null);
    return name ? `${local}@${DOMAINS[names.indexOf(name)]}` : null;
  }
  if (dot < 1) return null;
  const ending = domain.slice(dot + 1);
  if (TOP_LEVEL.includes(ending)) return null;
  const byEnding = closest(ending, TOP_LEVEL, 1);
  return byEnding ? `${local}@${domain.slice(0, dot)}.${byEnding}` : null;
}
