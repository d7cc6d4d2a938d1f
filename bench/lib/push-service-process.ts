/**
 * The local push service (server/test-support) in its own process, so that decrypting the
 * pushes does not share the sender's event loop. Prints its origin, certificate file and
 * SUBSCRIPTIONS subscriptions as one JSON line, then serves until killed.
 */
import { startLocalPushService } from '../../server/test-support/local-push-service';

const service = await startLocalPushService({});
const subscriptions = Array.from({ length: Number(process.env.SUBSCRIPTIONS ?? 100) }, () => service.newSubscription());
// Keeps no history: a bench sends tens of thousands.
setInterval(() => service.received.splice(0), 1000).unref();
process.stdout.write(`${JSON.stringify({ origin: service.origin, caFile: service.caFile, subscriptions })}\n`);
process.on('SIGTERM', () => void service.close().then(() => process.exit(0)));
