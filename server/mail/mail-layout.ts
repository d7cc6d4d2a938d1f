export interface MailContent {
  lang: string;
  greeting: string;
  paragraphs: string[];
  button?: { label: string; href: string };
  after?: string[];
  footer: string;
  /** A visible unsubscribe link under the footer (notification mails). */
  unsubscribe?: { label: string; href: string };
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One layout for every mail: a simple, widely supported HTML body and its plain-text twin. */
export function renderMail(c: MailContent): { html: string; text: string } {
  const p = (s: string) => `<p style="margin:0 0 16px">${escape(s)}</p>`;
  const button = c.button
    ? `<p style="margin:24px 0"><a href="${escape(c.button.href)}" style="background:#4a148c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escape(c.button.label)}</a></p>`
    : '';
  const unsubscribe = c.unsubscribe ? `<p style="font-size:12px;color:#777"><a href="${escape(c.unsubscribe.href)}" style="color:#777">${escape(c.unsubscribe.label)}</a></p>` : '';
  const html = `<!doctype html><html lang="${escape(c.lang)}"><body style="font-family:system-ui,Arial,sans-serif;color:#222;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${p(c.greeting)}${c.paragraphs.map(p).join('')}${button}${(c.after ?? []).map(p).join('')}<hr style="border:none;border-top:1px solid #ddd;margin:24px 0"><p style="font-size:12px;color:#777">${escape(c.footer)}</p>${unsubscribe}</body></html>`;
  const text = [c.greeting, '', ...c.paragraphs.flatMap((x) => [x, '']), ...(c.button ? [`${c.button.label}: ${c.button.href}`, ''] : []), ...(c.after ?? []).flatMap((x) => [x, '']), '--', c.footer, ...(c.unsubscribe ? [`${c.unsubscribe.label}: ${c.unsubscribe.href}`] : [])].join('\n');
  return { html, text };
}
