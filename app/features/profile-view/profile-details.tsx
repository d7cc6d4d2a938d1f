import { Fragment } from 'react';
import type { MemberProfile } from '../../../common/profile-view/member-profile';
import { useTranslation } from '../../i18n/react';

const REFERENCE_FIELDS = [
  ['gender', 'gender'],
  ['sexuality', 'sexuality'],
  ['relationship_status', 'relationshipStatus'],
  ['body_type', 'bodyType'],
  ['hair_colour', 'hairColour'],
  ['eye_colour', 'eyeColour'],
  ['tattoos', 'tattoos'],
] as const;

/** The fields the site shows (the server sends only those), interests with icons and the about text. */
export function ProfileDetails({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const rows = REFERENCE_FIELDS.flatMap(([field, group]) => {
    const value = profile[field];
    return value ? [[t(`profile-view:fields.${field}`), t(`reference:${group}.${value}`)] as const] : [];
  });
  const place = [profile.city, profile.region].filter(Boolean).join(', ');
  return (
    <>
      {profile.about && (
        <section className="mb-3">
          <h2 className="h6">{t('profile-view:fields.about')}</h2>
          <p className="mb-0" style={{ whiteSpace: 'pre-line' }} data-testid="profile-about">
            {profile.about}
          </p>
        </section>
      )}
      <dl className="row small mb-3">
        {place && (
          <>
            <dt className="col-5">{t('profile-view:fields.location')}</dt>
            <dd className="col-7">{place}</dd>
          </>
        )}
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="col-5">{label}</dt>
            <dd className="col-7">{value}</dd>
          </Fragment>
        ))}
      </dl>
      {profile.interests && profile.interests.length > 0 && (
        <section className="mb-3">
          <h2 className="h6">{t('profile-view:fields.interests')}</h2>
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" data-testid="profile-interests">
            {profile.interests.map((i) => (
              <li key={i.id} className="badge rounded-pill text-bg-light border fw-normal fs-6">
                <span aria-hidden="true">{i.icon}</span> {i.name}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
