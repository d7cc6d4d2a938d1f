/**
 * A confirmed, active member row for the chat benches (members.insert values): `Bench <i>`,
 * born 1990, in the Netherlands, alternating gender, e-mail `<emailPrefix>-<i>@example.test`.
 */
export function benchMember(siteId: number, i: number, emailPrefix: string, passwordHash: string) {
  return {
    siteId,
    email: `${emailPrefix}-${i}@example.test`,
    passwordHash,
    status: 'active',
    emailConfirmedAt: new Date(),
    name: `Bench ${i}`,
    gender: i % 2 ? 'female' : 'male',
    birthDate: '1990-01-01',
    country: 'NL',
  };
}
