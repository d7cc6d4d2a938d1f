import type { AddressObject, Attachment, HeaderValue, Headers, ParsedMail, StructuredHeader } from 'mailparser';

/** mailparser loads in about 0.2 s: on the first report, not when the server starts (budgeted at 3 s). */
async function simpleParser(source: string | Buffer, options: typeof PARSER_LIMITS): Promise<ParsedMail> {
  const parser = await import('mailparser');
  return parser.simpleParser(source, options);
}

/** One recipient's block of a delivery status notification (RFC 3464 section 2.3). */
export interface RecipientStatus {
  /** The address we sent to: Original-Recipient, else Final-Recipient (lower case); null when neither is an address. */
  address: string | null;
  /** failed | delayed | delivered | relayed | expanded */
  action: string;
  /** The enhanced status code (RFC 3463), e.g. 5.1.1. */
  status: string;
}

/** The returned message (or only its headers) a report carries: whose mail it was and to whom. */
export interface OriginalMessage {
  from: string | null;
  to: string[];
  /** Every header, for an identifying header the mail carried (a notice token). */
  headers: Headers;
}

export type MailReport =
  | { kind: 'delivery-status'; recipients: RecipientStatus[]; original: OriginalMessage | null }
  | {
      kind: 'feedback-report';
      /** abuse | fraud | virus | other | not-spam | auth-failure (RFC 5965 section 7.3). */
      feedbackType: string;
      /** Original-Rcpt-To of the report, else the returned message's To (providers may redact both). */
      recipients: string[];
      /** Original-Mail-From of the report: our envelope sender. */
      originalMailFrom: string | null;
      original: OriginalMessage | null;
    };

/** Bounds on what the parser reads: a report is small, a hostile message must not be expensive. */
const PARSER_LIMITS = {
  // The machine-readable part must stay an attachment to be read as fields.
  keepDeliveryStatus: true,
  // The returned message stays one attachment (parsed below, headers only) instead of merging into the text.
  ignoreEmbedded: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  checksumAlgo: false,
  maxChildNodes: 50,
  maxHeadSize: 64 * 1024,
} as const;

/**
 * Reads a delivery status notification (RFC 3464, multipart/report; report-type=delivery-status)
 * or an ARF feedback report (RFC 5965, report-type=feedback-report) with mailparser; null when
 * the message is neither, or its machine-readable part is missing.
 */
export async function parseMailReport(raw: Buffer | string): Promise<MailReport | null> {
  const mail = await simpleParser(raw, PARSER_LIMITS);
  const contentType = mail.headers.get('content-type') as StructuredHeader | undefined;
  if (contentType?.value.toLowerCase() !== 'multipart/report') return null;
  const reportType = (contentType.params['report-type'] ?? '').toLowerCase();
  const original = await originalMessage(mail.attachments);
  if (reportType === 'delivery-status') {
    const part = partOf(mail.attachments, 'message/delivery-status');
    if (!part) return null;
    // Blocks of fields separated by blank lines: the message's own first, then one per recipient.
    const [, ...recipientBlocks] = await fieldBlocks(part.content.toString('utf8'));
    return { kind: 'delivery-status', recipients: recipientBlocks.map(recipientStatus), original };
  }
  if (reportType === 'feedback-report') {
    const part = partOf(mail.attachments, 'message/feedback-report');
    const [fields] = part ? await fieldBlocks(part.content.toString('utf8')) : [];
    const feedbackType = fields ? text(fields.get('feedback-type')).toLowerCase() : '';
    if (!fields || !feedbackType) return null;
    const rcptTo = values(fields.get('original-rcpt-to')).map(bareAddress).filter((a): a is string => a !== null);
    return {
      kind: 'feedback-report',
      feedbackType,
      recipients: rcptTo.length > 0 ? rcptTo : (original?.to ?? []),
      originalMailFrom: bareAddress(text(fields.get('original-mail-from'))),
      original,
    };
  }
  return null;
}

function partOf(attachments: Attachment[], type: string): Attachment | undefined {
  return attachments.find((a) => a.contentType.toLowerCase() === type);
}

/** The header-style fields of a report part, block by block, parsed by mailparser's header parser (folding, encoded words). */
async function fieldBlocks(body: string): Promise<Headers[]> {
  const blocks = body
    .replace(/\r\n/g, '\n')
    .split(/\n[ \t]*\n/)
    .filter((b) => b.trim() !== '');
  return Promise.all(blocks.map(async (block) => (await simpleParser(`${block.trim()}\n\n`, PARSER_LIMITS)).headers));
}

function recipientStatus(fields: Headers): RecipientStatus {
  return {
    address: typedAddress(text(fields.get('original-recipient'))) ?? typedAddress(text(fields.get('final-recipient'))),
    action: text(fields.get('action')).toLowerCase(),
    status: /^\d\.\d{1,3}\.\d{1,3}/.exec(text(fields.get('status')))?.[0] ?? '',
  };
}

/** The returned message a report carries, whole (message/rfc822) or as its header block (text/rfc822-headers). */
async function originalMessage(attachments: Attachment[]): Promise<OriginalMessage | null> {
  const part = partOf(attachments, 'message/rfc822') ?? partOf(attachments, 'text/rfc822-headers');
  if (!part) return null;
  const content = part.content.toString('utf8');
  // Headers only: a header block alone gets the blank line that ends it.
  const headerBlock = content.replace(/\r\n/g, '\n').split(/\n\n/)[0] ?? '';
  const headers = (await simpleParser(`${headerBlock}\n\n`, PARSER_LIMITS)).headers;
  return { from: addressesOf(headers.get('from'))[0] ?? null, to: addressesOf(headers.get('to')), headers };
}

/** "rfc822; user@example.com" (RFC 3464 address-type; address), or utf-8 for SMTPUTF8 (RFC 6533). */
function typedAddress(value: string): string | null {
  const match = /^\s*(rfc822|utf-8)\s*;\s*(.+)$/i.exec(value);
  return match ? bareAddress(match[2]!) : null;
}

function bareAddress(value: string): string | null {
  const address = value.trim().replace(/^<(.*)>$/, '$1').trim().toLowerCase();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : null;
}

function addressesOf(value: HeaderValue | undefined): string[] {
  if (!value || typeof value !== 'object' || !('value' in value) || !Array.isArray(value.value)) return [];
  return (value as AddressObject).value.flatMap((a) => (a.address ? [a.address.toLowerCase()] : []));
}

function values(value: HeaderValue | undefined): string[] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : ''));
  return typeof value === 'string' ? [value] : [];
}

function text(value: HeaderValue | undefined): string {
  return values(value)[0]?.trim() ?? '';
}
