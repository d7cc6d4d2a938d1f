import type { z } from 'zod';
import type { profileFieldsSchema } from '../../../common/auth/user-schema';
import type { MemberRow } from './account-repository';

/** The profile fields a member wrote, as the user object and the data export both show them. */
export function presentProfileFields(member: MemberRow): z.infer<typeof profileFieldsSchema> {
  return {
    name: member.name,
    gender: member.gender,
    sexuality: member.sexuality,
    date_of_birth: member.birthDate,
    country: member.country,
    region: member.regionCode,
    city: member.city,
    interests: member.interests,
    hair_colour: member.hairColour,
    eye_colour: member.eyeColour,
    body_type: member.bodyType,
    relationship_status: member.relationshipStatus,
    tattoos: member.tattoos,
    about: member.about,
  };
}
