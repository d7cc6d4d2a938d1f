/** The token the server under test takes bounces and spam complaints with (playwright.config.ts sets MAIL_FEEDBACK_TOKEN). */
export const E2E_MAIL_FEEDBACK_TOKEN = 'e2e-mail-feedback-token-0123456789abcdef';
