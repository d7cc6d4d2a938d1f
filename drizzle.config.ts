import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/payments-schema.ts', './server/db/offers-schema.ts', './server/db/direct-debit-schema.ts'],
  out: './server/db/migrations',
});
