import { readFileSync } from 'node:fs';
import { projectPath } from '../project-paths';

/** The recipient each stored report names (server/domain/notifications/fixtures/). */
const RECIPIENTS = {
  'postfix-5.1.1-user-unknown.eml': 'gone.member@example.net',
  'postfix-4.2.2-mailbox-full.eml': 'full.member@example.org',
  'arf-abuse-yahoo.eml': 'complaining.member@yahoo.com',
  'arf-abuse-rfc5965.eml': 'complainer@mailbox.example',
} as const;

export type StoredReport = keyof typeof RECIPIENTS;

/** A stored bounce or complaint, its recipient's address replaced by `to` when given (each test has a member of its own). */
export function mailReport(name: StoredReport, to?: string): string {
  const raw = readFileSync(projectPath('server/domain/notifications/fixtures', name), 'utf8');
  return to ? raw.replaceAll(RECIPIENTS[name], to) : raw;
}
