import type { IdentKind, IdentProvider, IdentStatus } from '@finportal/contracts/signature-providers';

/**
 * One identification and e-signing provider behind one interface (ADR 020): start a session
 * (the URL the person goes to), read a session's status, verify and parse a callback. The demo
 * provider serves idnow, swiss_sign and postident here; a real adapter later implements the same
 * interface with the provider's own API (the names and status mapping are in contracts).
 * `manual` is no adapter: the back office marks the identification done.
 */
export type AdapterName = Exclude<IdentProvider, 'manual'>;

export interface StartSessionInput {
  kind: IdentKind;
  /** The person, as the provider shows them. */
  personName: string;
  /** The documents to sign (esign), by id. */
  documentIds: string[];
  /** Where the portal is reached by the person (the demo provider's page lives there). */
  origin: string;
}

export interface StartedSession {
  /** The provider's session reference (unique). */
  ref: string;
  /** Where the person goes. */
  url: string;
}

/** A callback whose signature was verified: the provider's event. */
export interface ProviderEvent {
  eventId: string;
  sessionRef: string;
  /** The provider's own status name (mapped with identStatusOf). */
  status: string;
  occurredAt: string;
}

export interface IdentProviderAdapter {
  readonly name: AdapterName;
  /** Starts a session with the provider. */
  start(input: StartSessionInput): Promise<StartedSession>;
  /** Where the person continues an open session. */
  sessionUrl(ref: string, origin: string): string;
  /** The session's status as the provider knows it (null: the provider does not know the session). */
  status(ref: string): Promise<IdentStatus | null>;
  /**
   * Verifies a callback over its raw body and headers, and parses it. Throws AppError 401
   * err_callback_signature_invalid (wrong, missing or stale signature) or 400 (a signed body that
   * is no callback).
   */
  verifyCallback(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderEvent;
}
