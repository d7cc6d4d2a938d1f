import { accountEndpoints } from '../account/account-endpoints';
import { accountDeletionEndpoints } from '../account-deletion/account-deletion-endpoints';
import { authEndpoints } from '../auth/auth-endpoints';
import { chatEndpoints } from '../chat/chat-endpoints';
import { complaintsEndpoints } from '../complaints/complaints-endpoints';
import { directDebitEndpoints } from '../direct-debit/direct-debit-endpoints';
import { geocodeEndpoints } from '../geocode/geocode-endpoints';
import { likesEndpoints } from '../likes/likes-endpoints';
import { membersEndpoints } from '../members/members-endpoints';
import { unsubscribeEndpoints } from '../notifications/unsubscribe';
import { offersEndpoints } from '../offers/discount-code';
import { paymentsEndpoints } from '../payments/payments-endpoints';
import { testCheckoutEndpoints } from '../payments/test-checkout';
import { photosEndpoints } from '../photos/photos-endpoints';
import { profileEndpoints } from '../profile/profile-endpoints';
import { profileViewEndpoints } from '../profile-view/profile-view-endpoints';
import { referenceEndpoints } from '../reference/reference-endpoints';
import { searchEndpoints } from '../search/search-endpoints';
import { signupEndpoints } from '../signup/signup-endpoints';
import { sitesEndpoints } from '../sites/sites-endpoints';
import { visitsEndpoints } from '../visits/visits-endpoints';

/**
 * Every endpoint the app calls, by domain: the map of the API as `app/paths.ts` is of the pages.
 * Browser code imports its domain's file instead (`common/<domain>/<domain>-endpoints.ts`), so
 * a page loads only the schemas it calls; this table serves tests and readers.
 */
export const endpoints = {
  account: accountEndpoints,
  accountDeletion: accountDeletionEndpoints,
  auth: authEndpoints,
  chat: chatEndpoints,
  complaints: complaintsEndpoints,
  directDebit: directDebitEndpoints,
  geocode: geocodeEndpoints,
  likes: likesEndpoints,
  members: membersEndpoints,
  notifications: unsubscribeEndpoints,
  offers: offersEndpoints,
  payments: paymentsEndpoints,
  testCheckout: testCheckoutEndpoints,
  photos: photosEndpoints,
  profile: profileEndpoints,
  profileView: profileViewEndpoints,
  reference: referenceEndpoints,
  search: searchEndpoints,
  signup: signupEndpoints,
  sites: sitesEndpoints,
  visits: visitsEndpoints,
};
