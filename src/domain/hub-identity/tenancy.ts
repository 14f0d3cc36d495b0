import type { Role } from './role';

export interface Organization {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly createdAt: Date;
  /** HMAC secret of the organization's inbound webhooks (spec part 5.7); kept readable because HMAC needs it. */
  readonly webhookSecret?: string;
  /**
   * The user whose registration created it (absent for `hub create-org`). Written before that user
   * (the user insert commits a registration, CONTRACT 10.2): an organization whose founder never came
   * is the undone half of a registration that died, which `check-data --repair` removes.
   */
  readonly foundedBy?: string;
}

export interface HubUser {
  readonly id: string;
  /** Normalized: trimmed and lower-cased. */
  readonly email: string;
  readonly name: string;
  /** A locale tag such as pt-BR. */
  readonly language: string;
  readonly passwordHash: string;
}

export interface Membership {
  readonly userId: string;
  readonly orgId: string;
  readonly role: Role;
  /** Stored permission records; only meaningful for CLIENT (other roles resolve from the role). */
  readonly permissions: readonly string[];
  readonly joinedAt: Date;
}

export const DEFAULT_LANGUAGE = 'pt-BR';
