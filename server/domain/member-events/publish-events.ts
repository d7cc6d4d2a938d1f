import type { LiveEvent } from '../../../common/chat/chat-schema';
import type { NumberedEvent } from './member-events-repository';

/** A stored and committed event as it goes out to a member's open tabs. */
export interface PublishedEvent {
  type: 'event';
  seq: number;
  event: LiveEvent;
}

/**
 * Where committed events go (server/realtime's LiveBus implements it). Declared here so that
 * the domains that store events never import the transport: routes pass the bus in.
 */
export interface MemberEventBus {
  publish(memberId: number, message: PublishedEvent): void;
}

/** Publishes committed events to the members' live connections (any process). */
export function publishEvents(bus: MemberEventBus, events: readonly (NumberedEvent & { memberId: number })[]): void {
  for (const e of events) bus.publish(e.memberId, { type: 'event', seq: e.seq, event: e.event });
}
