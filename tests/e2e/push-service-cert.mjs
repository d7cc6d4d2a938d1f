// Run before the e2e server starts (playwright.config.ts): the certificate of the local push
// service a test starts later (tests/e2e/push-delivery.test.ts). The server trusts it through
// PUSH_TEST_CA_FILE, for PUSH_TEST_ORIGIN only.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
mkdirSync(dir, { recursive: true });
const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost'];
args.push('-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'));
const result = spawnSync('openssl', args, { encoding: 'utf8' });
if (result.status !== 0) throw new Error(`openssl could not make the push service's certificate: ${result.stderr}`);
