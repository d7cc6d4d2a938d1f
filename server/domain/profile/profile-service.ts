import type { ProfileUpdate } from '../../../common/profile/profile-rules';
import { profileProblems } from '../../../common/profile/profile-rules';
import type { SiteSettingsRecord } from '../../../common/sites/site-settings';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { updateMember, type MemberRow, type MemberUpdate } from '../members/account-repository';
import { findRegion } from '../reference/regions';

/**
 * Checks an update of the member's own profile with every rule and writes it in one
 * statement. The first broken rule is thrown as a 400 at its field; nothing is written then.
 */
export async function updateOwnProfile(db: Db, member: MemberRow, settings: Pick<SiteSettingsRecord, 'min_age' | 'countries'>, update: ProfileUpdate): Promise<MemberRow> {
  const [problem] = profileProblems(update, { country: member.country }, {
    email: member.email,
    minAge: settings.min_age,
    countries: settings.countries,
    today: new Date(),
    regionExists: (country, region) => findRegion(country, region) !== undefined,
  });
  if (problem) throw new ApiError(400, `profile:${problem.key}`, problem.vars ?? {}, problem.field);

  const values: MemberUpdate = {};
  if (update.name !== undefined) values.name = update.name;
  if (update.gender !== undefined) values.gender = update.gender;
  if (update.sexuality !== undefined) values.sexuality = update.sexuality;
  if (update.date_of_birth !== undefined) values.birthDate = update.date_of_birth;
  if (update.country !== undefined) {
    values.country = update.country;
    // A region belongs to its country: a new country without a region clears the old one.
    if (update.country !== member.country && update.region === undefined) values.regionCode = null;
  }
  if (update.region !== undefined) values.regionCode = update.region || null;
  if (update.city !== undefined) values.city = update.city || null;
  if (update.interests !== undefined) values.interests = [...new Set(update.interests)];
  if (update.hair_colour !== undefined) values.hairColour = update.hair_colour;
  if (update.eye_colour !== undefined) values.eyeColour = update.eye_colour;
  if (update.body_type !== undefined) values.bodyType = update.body_type;
  if (update.relationship_status !== undefined) values.relationshipStatus = update.relationship_status;
  if (update.tattoos !== undefined) values.tattoos = update.tattoos;
  if (update.about !== undefined) values.about = update.about;
  if (Object.keys(values).length === 0) return member;
  return updateMember(db, member.id, values);
}
