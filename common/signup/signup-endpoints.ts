import { endpoint } from '../api/endpoint';
import { okResponseSchema } from '../api/ok-schema';
import { userResponseSchema } from '../auth/user-schema';
import { signupSchema } from './signup-rules';
import { activationSchema, emailCorrectionSchema } from './signup-schema';

/** Signup, the activation link, and the address before it is confirmed (spec section 2). */
export const signupEndpoints = {
  signup: endpoint({ method: 'POST', path: '/api/signup.php', body: signupSchema, response: userResponseSchema }),
  activate: endpoint({ method: 'POST', path: '/api/activate.php', body: activationSchema, response: okResponseSchema }),
  activationMail: endpoint({ method: 'POST', path: '/api/activation-mail.php', response: okResponseSchema }),
  correctEmail: endpoint({ method: 'PUT', path: '/api/signup-email.php', body: emailCorrectionSchema, response: userResponseSchema }),
};
