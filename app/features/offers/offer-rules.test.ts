import { describe, expect, it } from 'vitest';
import { TIME_BONUS_MODAL_HOURS } from '../../../common/limits';
import { modalHours, modalWanted, offerLink } from './offer-rules';

const HOUR = 3_600_000;

describe('the modal', () => {
  it('is wanted in the members area for a member with no credits who has not closed it', () => {
    expect(modalWanted(0, true, false)).toBe(true);
    expect(modalWanted(1, true, false)).toBe(false);
    expect(modalWanted(0, false, false)).toBe(false);
    expect(modalWanted(0, true, true)).toBe(false);
  });

  it("names 4 hours for the time bonus and the welcome offer's hours left", () => {
    expect(modalHours({ kind: 'time-bonus', code: 'TIMEBONUS25', percent: 25, deadline: HOUR }, 0)).toBe(TIME_BONUS_MODAL_HOURS);
    expect(modalHours({ kind: 'welcome', code: 'W1', percent: 25, deadline: 47.5 * HOUR }, 0)).toBe(48);
    expect(modalHours({ kind: 'welcome', code: 'W1', percent: 25, deadline: 60_000 }, 0)).toBe(1);
  });

  it('links to the credits page with the code', () => {
    expect(offerLink('TIMEBONUS25')).toBe('/credits?code=TIMEBONUS25');
    expect(offerLink('A B&C')).toBe('/credits?code=A+B%26C');
  });
});
