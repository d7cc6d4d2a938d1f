import type { FastifyRequest } from 'fastify';
import { COMPLAINT_TEXT_MIN, COMPLAINTS_PER_HOUR, complaintFieldsSchema, type ComplaintRequest } from '../../../common/complaints/complaint';
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../../common/reference/countries';
import { ApiError } from '../../http/api-error';
import { complaintConfirmationMail, complaintReceiptMail, complaintSupportMail } from '../../mail/complaint-mail';
import { complaintsSince, insertComplaint, profileExists } from './complaint-repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Stores a complaint and mails it twice: a confirmation (a neutral receipt for visitors) to the sender in their language
 * and the complaint itself to the site's support address. A member complains with the
 * account's own address (so nobody can file complaints in someone else's name); a visitor
 * gives one. Throws ApiError with a translated, field-specific message.
 */
export async function submitComplaint(request: FastifyRequest, raw: ComplaintRequest): Promise<{ id: number }> {
  const member = await request.currentMember();
  const site = request.visitor.site;
  const fields = complaintFieldsSchema.shape;
  const category = fields.category.safeParse(raw.category);
  if (!category.success) throw new ApiError(400, 'complaints:errors.category', {}, 'category');
  const text = fields.text.safeParse(raw.text ?? '');
  if (!text.success) throw new ApiError(400, 'complaints:errors.text', { min: COMPLAINT_TEXT_MIN }, 'text');
  const email = member ? member.email : (raw.email ?? '').trim();
  if (!fields.email.safeParse(email).success) throw new ApiError(400, 'complaints:errors.email', {}, 'email');
  const profileRaw = raw.profile_id === '' || raw.profile_id === undefined ? null : raw.profile_id;
  const profile = fields.profile_id.safeParse(profileRaw);
  const db = request.server.database.db;
  if (!profile.success || (profile.data !== null && !(await profileExists(db, site.row.id, profile.data)))) {
    throw new ApiError(400, 'complaints:errors.profile', {}, 'profile_id');
  }
  // Per sender address (the address-wide API limit covers the rest): keeps the support inbox usable.
  if ((await complaintsSince(db, site.row.id, email, new Date(Date.now() - HOUR_MS))) >= COMPLAINTS_PER_HOUR) {
    throw new ApiError(429, 'complaints:errors.tooMany', { count: COMPLAINTS_PER_HOUR });
  }
  const id = await insertComplaint(db, { siteId: site.row.id, reporterId: member?.id ?? null, email, category: category.data, profileId: profile.data, body: text.data });

  const app = request.server;
  const senderLocale: Locale = member && isLocale(member.language) ? member.language : request.visitor.locale;
  const siteLanguage = site.row.settings.domain_language.slice(0, 2);
  const supportLocale: Locale = isLocale(siteLanguage) ? siteLanguage : FALLBACK_LOCALE;
  const base = { site, id, email, category: category.data, text: text.data, profileId: profile.data };
  // A visitor names any address: they get a neutral receipt, never their own text back.
  const confirmation = member ? complaintConfirmationMail : complaintReceiptMail;
  await app.mailer.send(confirmation({ ...base, t: app.translations.t(senderLocale), locale: senderLocale }));
  await app.mailer.send(complaintSupportMail({ ...base, t: app.translations.t(supportLocale), locale: supportLocale }));
  return { id };
}
