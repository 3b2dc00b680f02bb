import { Secret, TOTP } from 'otpauth';

/**
 * One-time codes of an authenticator app (RFC 6238: SHA-1, 6 digits, 30-second steps) for staff
 * logins (issue 13, ADR 019), with the maintained `otpauth` library. A code is accepted one step
 * early or late (clock drift) and only once: the step it was accepted for is stored, and a code of
 * that step or an earlier one is refused afterwards.
 */
export const TOTP_PERIOD = 30;
const ISSUER = 'finportal';

function totpOf(secret: string, label = 'staff'): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret });
}

/** A new random secret (160 bits), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The current code (tests and the admin command's check). */
export function totpCode(secret: string, at = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at });
}

/**
 * The step a code is valid for (now ±1 step), or null. The caller refuses a step at or before the
 * last one used.
 */
export function totpStep(secret: string, code: string, at = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: 1 });
  if (delta === null) return null;
  return Math.floor(at / 1000 / TOTP_PERIOD) + delta;
}
