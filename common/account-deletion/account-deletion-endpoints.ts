import { endpoint } from '../api/endpoint';
import { okResponseSchema } from '../api/ok-schema';
import { userResponseSchema } from '../auth/user-schema';
import { DATA_EXPORT_URL } from './account-deletion-rules';
import { dataExportRequestSchema, deleteAccountSchema, reactivationRequestSchema, reactivationSchema } from './account-deletion-schema';
import { dataExportSchema } from './data-export-schema';

/** Deleting the account, reactivating it, and the GDPR data export (spec section 2). */
export const accountDeletionEndpoints = {
  deleteAccount: endpoint({ method: 'POST', path: '/api/delete-account.php', body: deleteAccountSchema, response: okResponseSchema }),
  reactivate: endpoint({ method: 'POST', path: '/api/reactivate.php', body: reactivationRequestSchema, response: okResponseSchema }),
  reactivateDo: endpoint({ method: 'POST', path: '/api/reactivate-do.php', body: reactivationSchema, response: userResponseSchema }),
  dataExport: endpoint({ method: 'POST', path: DATA_EXPORT_URL, body: dataExportRequestSchema, response: dataExportSchema }),
};
